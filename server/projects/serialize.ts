import type { Branch, Project, ProjectDetail, ProjectStatus } from '@/lib/api-types/projects'
import type { ProjectRow } from '../access'
import type { Db } from '../db/types'
import { displayConnectionString, projectKind } from './targets'
import { ensureWireListener } from './wire/server'

/** A project row with what the list and detail add: its organization's slug and its branches. */
export type ProjectListRow = ProjectRow & {
  organization_slug: string
  preview_branch_refs: string[]
  status_changed_at: string | Date
  job_lease_until: string | Date | null
}

/** The select both the list and the detail read (a branch's refs come with its parent). */
export const PROJECT_SELECT = `
  select p.*, o.slug as organization_slug,
         coalesce((select array_agg(b.ref order by b.inserted_at, b.id) from platform.projects b
                    where b.parent_project_ref = p.ref and b.status <> 'REMOVED'), '{}'::text[]) as preview_branch_refs
    from platform.projects p
    join platform.organizations o on o.id = p.organization_id`

/** Reads one live project by ref. */
export async function readProject(db: Db, ref: string): Promise<ProjectListRow | null> {
  const { rows } = await db.query<ProjectListRow>(`${PROJECT_SELECT} where p.ref = $1 and p.status <> 'REMOVED'`, [ref])
  return rows[0] ?? null
}

function iso(value: string | Date): string
function iso(value: string | Date | null): string | null
function iso(value: string | Date | null): string | null {
  if (value === null) return null
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

/** A project in the list (spec §3, §7: ref, status, postgrestStatus, organization_id, …). */
export function serializeProject(row: ProjectListRow) {
  const project = {
    id: Number(row.id),
    ref: row.ref,
    name: row.name,
    organization_id: Number(row.organization_id),
    organization_slug: row.organization_slug,
    status: row.status as ProjectStatus,
    postgrestStatus: row.postgrest_status,
    region: row.region,
    cloud_provider: row.cloud_provider,
    dbVersion: row.db_version,
    compute_size: row.compute_size,
    inserted_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
    status_changed_at: iso(row.status_changed_at),
    is_branch: row.parent_project_ref !== null,
    parent_project_ref: row.parent_project_ref,
    preview_branch_refs: row.preview_branch_refs ?? [],
  }
  return project satisfies Project
}

/** The shown connection string; on PGlite, with the project's loopback port (opened now if it is not yet: wire/server.ts). */
async function connectionString(ref: string): Promise<string> {
  if (projectKind(ref) !== 'pglite') return displayConnectionString(ref, null)
  try {
    return displayConnectionString(ref, await ensureWireListener(ref))
  } catch (error) {
    console.error(`[platform-api] project ${ref}: no loopback port`, error)
    return displayConnectionString(ref, null)
  }
}

/**
 * The project detail (spec §7): the list entry plus `connectionString`, which is null until the
 * database is ready (ACTIVE_HEALTHY), the engine it runs on, and `init_error` after a failed job.
 */
export async function serializeProjectDetail(row: ProjectListRow) {
  return {
    ...serializeProject(row),
    connectionString: row.status === 'ACTIVE_HEALTHY' ? await connectionString(row.ref) : null,
    db_engine: projectKind(row.ref),
    init_error: row.init_error,
  } satisfies ProjectDetail
}

/** A branch as `GET .../branches` lists it. */
export function serializeBranch(row: ProjectListRow) {
  return {
    id: Number(row.id),
    name: row.name,
    project_ref: row.ref,
    // Only branches are listed here: their parent is set.
    parent_project_ref: row.parent_project_ref as string,
    is_default: false,
    status: row.status as ProjectStatus,
    created_at: iso(row.inserted_at),
    updated_at: iso(row.updated_at),
  } satisfies Branch
}
