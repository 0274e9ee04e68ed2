import type { OptInKey } from '@/lib/catalogue/opt-in'
import type { Caller } from './auth/caller'
import type { Db } from './db/types'
import { forbidden, notFound } from './http/errors'

import { roleAtLeast, type Role } from '@/lib/api-types/roles'

export { ROLES, roleAtLeast, type Role } from '@/lib/api-types/roles'

export type OrganizationRow = {
  id: number
  slug: string
  name: string
  plan_id: 'free' | 'pro' | 'team' | 'enterprise'
  billing_email: string | null
  billing_partner: 'vercel_marketplace' | 'aws' | null
  restriction_status: 'grace_period' | 'grace_period_over' | 'restricted' | null
  grace_period_end: string | null
  organization_requires_mfa: boolean
  opt_in_tags: OptInKey[]
  created_at: string
}

export type ProjectRow = {
  id: number
  ref: string
  name: string
  organization_id: number
  status: string
  postgrest_status: string
  region: string
  cloud_provider: string
  db_version: string
  compute_size: string
  parent_project_ref: string | null
  init_error: string | null
  created_by: string | null
  inserted_at: string
  updated_at: string
}

/**
 * The caller's organization and role. A non-member gets the same 404 as a missing slug, so
 * nobody learns which organizations exist. Self-hosted callers are Owner everywhere.
 */
export async function getOrgAccess(
  db: Db,
  caller: Caller,
  slug: string,
  minimum: Role = 'Read-only'
): Promise<{ org: OrganizationRow; role: Role }> {
  const { rows } = await db.query<OrganizationRow & { role: Role | null }>(
    `select o.*, m.role from platform.organizations o
     left join platform.members m on m.organization_id = o.id and m.user_id = $2
     where o.slug = $1`,
    [slug, caller.userId]
  )
  const row = rows[0]
  const role: Role | null = caller.selfHosted ? 'Owner' : (row?.role ?? null)
  if (!row || !role) throw notFound(`Organization ${slug} not found`)
  if (!roleAtLeast(role, minimum)) throw forbidden(`Your role (${role}) cannot do this; it needs ${minimum} or above`)
  const { role: _omit, ...org } = row
  return { org, role }
}

/** The caller's project (by ref), its organization and the caller's role there; 404 for non-members. */
export async function getProjectAccess(
  db: Db,
  caller: Caller,
  ref: string,
  minimum: Role = 'Read-only'
): Promise<{ project: ProjectRow; org: OrganizationRow; role: Role }> {
  const { rows } = await db.query<ProjectRow & { org_slug: string; role: Role | null }>(
    `select p.*, o.slug as org_slug, m.role from platform.projects p
     join platform.organizations o on o.id = p.organization_id
     left join platform.members m on m.organization_id = o.id and m.user_id = $2
     where p.ref = $1 and p.status <> 'REMOVED'`,
    [ref, caller.userId]
  )
  const row = rows[0]
  const role: Role | null = caller.selfHosted ? 'Owner' : (row?.role ?? null)
  if (!row || !role) throw notFound(`Project ${ref} not found`)
  const { org } = await getOrgAccess(db, caller, row.org_slug, 'Read-only')
  if (!roleAtLeast(role, minimum)) throw forbidden(`Your role (${role}) cannot do this; it needs ${minimum} or above`)
  const { org_slug: _s, role: _r, ...project } = row
  return { project, org, role }
}

/** Records an audit log entry (spec §3: audit logs filtered by date_start and date_end). */
export async function audit(
  db: Db,
  entry: { userId: string | null; organizationId?: number | null; action: string; target?: string; metadata?: Record<string, unknown> }
): Promise<void> {
  await db.query(
    'insert into platform.audit_logs (user_id, organization_id, action, target, metadata) values ($1, $2, $3, $4, $5)',
    [entry.userId, entry.organizationId ?? null, entry.action, entry.target ?? null, JSON.stringify(entry.metadata ?? {})]
  )
}

/** Records what the caller did in an organization (`organizationId` null: the organization is gone). */
export function auditOrg(
  db: Db,
  caller: Pick<Caller, 'userId'>,
  organizationId: number | null,
  action: string,
  target: string,
  metadata: Record<string, unknown>
): Promise<void> {
  return audit(db, { userId: caller.userId, organizationId, action, target, metadata })
}
