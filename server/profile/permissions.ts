import { PERMISSION_ACTIONS as A, PERMISSION_RESOURCES as R } from '@/lib/catalogue/permission-actions'
import type { PermissionEntry } from '@/lib/permissions'
import type { ProfilePermission } from '@/lib/api-types/profile'
import type { Role } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'


type Rule = Pick<PermissionEntry, 'actions' | 'resources'> & { restrictive: boolean }

const allow = (actions: string[], resources: string[] = ['%']): Rule => ({ actions, resources, restrictive: false })
const deny = (actions: string[], resources: string[] = ['%']): Rule => ({ actions, resources, restrictive: true })

/**
 * What each organization role may do, as entries the matcher of `lib/permissions.ts` reads
 * (`%` wildcard; a matching restrictive entry always wins). Action and resource names come from
 * `lib/catalogue/permission-actions.ts`.
 *  - Owner, Admin: everything.
 *  - Developer: everything except changing billing and managing the organization, its members
 *    and invitations, and its billing records.
 *  - Read-only: read actions only (e.g. `analytics:Read`, `sql:Read:Select`); writes, executes
 *    and secrets are denied outright by restrictive entries.
 */
export const ROLE_PERMISSIONS: Record<Role, Rule[]> = {
  Owner: [allow(['%'])],
  Admin: [allow(['%'])],
  Developer: [
    allow(['%']),
    deny([A.BILLING_WRITE]),
    deny(['write:%'], [R.ORGANIZATIONS, R.USER_INVITES, 'stripe.%', R.INVOICES]),
  ],
  'Read-only': [
    allow(['%:Read', 'sql:Read:%']),
    deny(['write:%', '%:Write', 'sql:Write:%', '%:Execute']),
    deny(['secrets:%']),
  ],
}

function entry(slug: string, organizationId: number | null, rule: Rule): ProfilePermission {
  return {
    organization_id: organizationId,
    organization_slug: slug,
    actions: [...rule.actions],
    resources: [...rule.resources],
    project_refs: null,
    condition: null,
    restrictive: rule.restrictive,
  }
}

/**
 * The caller's permission entries, derived from their organization memberships. Self-hosted:
 * one allow-all entry per organization (every check is allowed there anyway, spec §6).
 */
export async function listCallerPermissions(db: Db, caller: Caller): Promise<ProfilePermission[]> {
  if (caller.selfHosted) {
    const { rows } = await db.query<{ id: number; slug: string }>('select id, slug from platform.organizations order by slug')
    const orgs = rows.length > 0 ? rows : [{ id: null, slug: 'default' }]
    return orgs.map((org) => entry(org.slug, org.id, allow(['%'])))
  }
  const { rows } = await db.query<{ id: number; slug: string; role: Role }>(
    `select o.id, o.slug, m.role from platform.members m
       join platform.organizations o on o.id = m.organization_id
      where m.user_id = $1 order by o.slug`,
    [caller.userId]
  )
  return rows.flatMap((org) => ROLE_PERMISSIONS[org.role].map((rule) => entry(org.slug, org.id, rule)))
}
