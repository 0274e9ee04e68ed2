import type { Db } from '../db/types'
import type { FunctionFile } from '@/lib/api-types/functions'

/**
 * The SQL of Edge Functions (migration 021): functions, their versions (files, bundle, build
 * output) and the rows the gateway reads on every invocation. Nothing else here.
 */

export type FunctionRow = {
  id: string
  project_id: number
  slug: string
  name: string
  verify_jwt: boolean
  active_version: number
  latest_version: number
  created_at: string | Date
  updated_at: string | Date
}

export type VersionRow = {
  version: number
  created_at: string | Date
  created_by: string | null
  build_output: string
  bundle_bytes: number
}

const FUNCTION_COLUMNS = 'f.id, f.project_id, f.slug, f.name, f.verify_jwt, f.active_version, f.latest_version, f.created_at, f.updated_at'
const VERSION_COLUMNS = `v.version, v.created_at, coalesce(u.username, u.primary_email) as created_by, v.build_output, octet_length(v.bundle) as bundle_bytes`

export async function listFunctionRows(db: Db, projectId: number): Promise<FunctionRow[]> {
  const { rows } = await db.query<FunctionRow>(`select ${FUNCTION_COLUMNS} from platform.edge_functions f where f.project_id = $1 order by f.slug`, [projectId])
  return rows
}

export async function functionRow(db: Db, projectId: number, slug: string, lock = false): Promise<FunctionRow | null> {
  const { rows } = await db.query<FunctionRow>(
    `select ${FUNCTION_COLUMNS} from platform.edge_functions f where f.project_id = $1 and f.slug = $2${lock ? ' for update' : ''}`,
    [projectId, slug]
  )
  return rows[0] ?? null
}

/** Invocations and failed ones (5xx) of each function of the project (or of `functionId` alone) since `since`, from its edge log lines. */
export async function invocationCounts(db: Db, projectId: number, since: Date, functionId?: string): Promise<Map<string, { invocations: number; errors: number }>> {
  const { rows } = await db.query<{ function_id: string; invocations: string | number; errors: string | number }>(
    `select metadata->>'function_id' as function_id, count(*) as invocations,
            count(*) filter (where (metadata->>'status_code')::int >= 500) as errors
       from platform.project_logs
      where project_id = $1 and source = 'function_edge_logs' and "timestamp" >= $2 and ($3::text is null or metadata->>'function_id' = $3)
      group by 1`,
    [projectId, since.toISOString(), functionId ?? null]
  )
  return new Map(rows.map((r) => [r.function_id, { invocations: Number(r.invocations), errors: Number(r.errors) }]))
}

export async function insertFunction(tx: Db, row: { id: string; projectId: number; slug: string; name: string; verifyJwt: boolean }): Promise<void> {
  await tx.query(
    `insert into platform.edge_functions (id, project_id, slug, name, verify_jwt, active_version, latest_version)
     values ($1, $2, $3, $4, $5, 0, 0)`,
    [row.id, row.projectId, row.slug, row.name, row.verifyJwt]
  )
}

/** Adds the next version of a function (locked by the caller) and makes it the serving one. */
export async function insertVersion(
  tx: Db,
  fn: FunctionRow,
  version: { files: FunctionFile[]; bundle: string; buildOutput: string; createdBy: string | null },
  changes: { name?: string; verifyJwt?: boolean }
): Promise<number> {
  const next = fn.latest_version + 1
  await tx.query(
    `insert into platform.edge_function_versions (function_id, version, files, bundle, build_output, created_by) values ($1, $2, $3::jsonb, $4, $5, $6)`,
    [fn.id, next, JSON.stringify(version.files), version.bundle, version.buildOutput, version.createdBy]
  )
  await tx.query(
    `update platform.edge_functions
        set active_version = $2, latest_version = $2, name = coalesce($3, name), verify_jwt = coalesce($4, verify_jwt), updated_at = now()
      where id = $1`,
    [fn.id, next, changes.name ?? null, changes.verifyJwt ?? null]
  )
  return next
}

export async function updateFunctionRow(db: Db, id: string, changes: { name?: string; verifyJwt?: boolean }): Promise<void> {
  await db.query(`update platform.edge_functions set name = coalesce($2, name), verify_jwt = coalesce($3, verify_jwt) where id = $1`, [
    id,
    changes.name ?? null,
    changes.verifyJwt ?? null,
  ])
}

export async function setActiveVersion(db: Db, id: string, version: number): Promise<void> {
  await db.query(`update platform.edge_functions set active_version = $2, updated_at = now() where id = $1`, [id, version])
}

export async function deleteFunctionRow(db: Db, id: string): Promise<void> {
  await db.query('delete from platform.edge_functions where id = $1', [id])
}

export async function versionRows(db: Db, functionId: string): Promise<VersionRow[]> {
  const { rows } = await db.query<VersionRow>(
    `select ${VERSION_COLUMNS} from platform.edge_function_versions v left join platform.profiles u on u.user_id = v.created_by
      where v.function_id = $1 order by v.version desc`,
    [functionId]
  )
  return rows
}

export async function versionRow(db: Db, functionId: string, version: number): Promise<(VersionRow & { files: FunctionFile[] | string }) | null> {
  const { rows } = await db.query<VersionRow & { files: FunctionFile[] | string }>(
    `select ${VERSION_COLUMNS}, v.files from platform.edge_function_versions v left join platform.profiles u on u.user_id = v.created_by
      where v.function_id = $1 and v.version = $2`,
    [functionId, version]
  )
  return rows[0] ?? null
}

export async function versionBundle(db: Db, functionId: string, version: number): Promise<string | null> {
  const { rows } = await db.query<{ bundle: string }>('select bundle from platform.edge_function_versions where function_id = $1 and version = $2', [functionId, version])
  return rows[0]?.bundle ?? null
}

/** What the gateway needs to route an invocation: the function, its project's plan and secrets epoch. */
export type ServingRow = { id: string; project_id: number; project_status: string; slug: string; verify_jwt: boolean; active_version: number; plan: string; secrets_epoch: number }

export async function servingRow(db: Db, ref: string, slug: string): Promise<ServingRow | null> {
  const { rows } = await db.query<ServingRow>(
    `select f.id, f.project_id, p.status as project_status, f.slug, f.verify_jwt, f.active_version, o.plan_id as plan, p.function_secrets_epoch as secrets_epoch
       from platform.projects p
       join platform.organizations o on o.id = p.organization_id
       join platform.edge_functions f on f.project_id = p.id and f.slug = $2
      where p.ref = $1 and p.status <> 'REMOVED'`,
    [ref, slug]
  )
  return rows[0] ? { ...rows[0], project_id: Number(rows[0].project_id), secrets_epoch: Number(rows[0].secrets_epoch) } : null
}
