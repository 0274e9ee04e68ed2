import { auditOrg, type OrganizationRow, type Role } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest, conflict, forbidden } from '../http/errors'
import { assertCanRequireMfa } from './mfa'
import { serializeOrganization } from './serialize'
import type { Organization, createOrganizationBody, updateOrganizationBody } from '@/lib/api-types/organizations'
import type { z } from 'zod'
import { slugCandidates } from './slug'

const NAME_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** The caller's organizations, sorted by name (spec §7). Self-hosted: every organization, as Owner. */
export async function listOrganizations(db: Db, caller: Caller): Promise<Organization[]> {
  const { rows } = caller.selfHosted
    ? await db.query<OrganizationRow & { role: Role }>(
        `select o.*, 'Owner' as role from platform.organizations o order by o.id`
      )
    : await db.query<OrganizationRow & { role: Role }>(
        `select o.*, m.role from platform.organizations o
           join platform.members m on m.organization_id = o.id and m.user_id = $1
          order by o.id`,
        [caller.userId]
      )
  // Sorted here rather than in SQL: the two stores' collations differ, people expect "Ächo" by "acho".
  rows.sort((a, b) => NAME_ORDER.compare(a.name, b.name) || a.id - b.id)
  return rows.map(({ role, ...org }) => serializeOrganization(org, role))
}

/** Creates an organization and the caller's Owner membership together. */
export async function createOrganization(
  db: Db,
  caller: Caller,
  input: z.infer<typeof createOrganizationBody>
): Promise<Organization> {
  if (caller.selfHosted) throw badRequest('Self-hosted mode has one organization; new organizations cannot be created')
  return db.transaction(async (tx) => {
    let org: OrganizationRow | undefined
    // The unique index decides between concurrent creators; a taken slug gets a random suffix.
    for (const slug of slugCandidates(input.name)) {
      const { rows } = await tx.query<OrganizationRow>(
        `insert into platform.organizations (slug, name, plan_id, billing_email)
         values ($1, $2, $3, $4) on conflict (slug) do nothing returning *`,
        [slug, input.name, input.plan, input.billing_email ?? caller.email]
      )
      org = rows[0]
      if (org) break
    }
    if (!org) throw conflict('Could not find a free slug for this name; try another name')
    await tx.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Owner')`, [org.id, caller.userId])
    await auditOrg(tx, caller, org.id, 'organization.created', org.slug, { name: org.name, plan: org.plan_id })
    return serializeOrganization(org, 'Owner')
  })
}

/** Renames an organization, sets its billing e-mail or its MFA requirement. */
export async function updateOrganization(
  db: Db,
  caller: Caller,
  access: { org: OrganizationRow; role: Role },
  input: z.infer<typeof updateOrganizationBody>
): Promise<Organization> {
  const { org, role } = access
  if (input.organization_requires_mfa !== undefined && input.organization_requires_mfa !== org.organization_requires_mfa) {
    if (role !== 'Owner') throw forbidden(`Your role (${role}) cannot change the MFA requirement; it needs Owner`)
    if (input.organization_requires_mfa) await assertCanRequireMfa(db, caller)
  }
  if (input.opt_in_tags !== undefined && caller.selfHosted) {
    throw badRequest('Self-hosted, the assistant’s opt-ins come from the AI_OPT_IN setting, not from the organization')
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OrganizationRow>(
      `update platform.organizations set
         name = coalesce($2, name),
         billing_email = case when $3::boolean then $4 else billing_email end,
         organization_requires_mfa = coalesce($5, organization_requires_mfa),
         opt_in_tags = coalesce($6::text[], opt_in_tags)
       where id = $1 returning *`,
      [
        org.id,
        input.name ?? null,
        input.billing_email !== undefined,
        input.billing_email ?? null,
        input.organization_requires_mfa ?? null,
        input.opt_in_tags ? [...new Set(input.opt_in_tags)] : null,
      ]
    )
    const changed = Object.fromEntries(
      Object.entries(input).filter(([k, v]) => JSON.stringify((org as Record<string, unknown>)[k]) !== JSON.stringify(v))
    )
    await auditOrg(tx, caller, org.id, 'organization.updated', org.slug, changed)
    return serializeOrganization(rows[0], role)
  })
}

/**
 * Deletes an organization. Refused while it still has projects that are not removed: their
 * databases must be shut down through the projects endpoints first, so nothing is orphaned.
 */
export async function deleteOrganization(db: Db, caller: Caller, org: OrganizationRow): Promise<void> {
  if (caller.selfHosted) throw badRequest('The self-hosted organization cannot be deleted')
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ n: number }>(
      `select count(*)::int as n from platform.projects where organization_id = $1 and status <> 'REMOVED'`,
      [org.id]
    )
    if (rows[0].n > 0) {
      throw conflict(`Organization ${org.slug} still has ${rows[0].n} project${rows[0].n === 1 ? '' : 's'}: delete them first`)
    }
    await tx.query('delete from platform.organizations where id = $1', [org.id])
    // The organization's own log goes with it; this entry stays, attached to the user.
    await auditOrg(tx, caller, null, 'organization.deleted', org.slug, { organization_id: org.id, name: org.name })
  })
}
