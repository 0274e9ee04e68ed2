import { getManagedByLabel } from '@/lib/billing'
import { PLAN_ROLES, PLAN_TIERS, findPlanTier, planTierHref, type PlanId } from '@/lib/catalogue/plans'
import type { OrganizationRow } from '../access'
import type { Db } from '../db/types'
import { membersExceedingFreeProjectLimit } from '../organizations/free-project-limit'
import { FREE_PLAN_ACTIVE_PROJECT_LIMIT, countActiveProjects } from '../projects/limits'

/** Tier ids of the plan table (`tier_free`, ...) mapped to plan ids. */
export function planIdOfTier(tierId: string): PlanId | undefined {
  return PLAN_TIERS.find((t) => t.id === tierId)?.planId
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * Why an organization may not move to `target`, or null when it may (spec §9 plan rules).
 * Checked in this order: marketplace billing, Enterprise, the free-plan project limit (for the
 * organization and for each Owner or Admin across their free organizations), Read-only roles.
 */
export async function planChangeRefusal(db: Db, org: OrganizationRow, target: PlanId): Promise<string | null> {
  if (target === org.plan_id) return null
  if (org.billing_partner) {
    return `This organization is billed through the ${getManagedByLabel(org.billing_partner)}: change its plan there`
  }
  if (target === 'enterprise' || org.plan_id === 'enterprise') {
    const contact = planTierHref(findPlanTier('enterprise'), org.slug)
    return target === 'enterprise'
      ? `The Enterprise plan cannot be selected here: contact sales (${contact})`
      : `Enterprise plans are changed by contract: contact sales (${contact})`
  }
  if (target === 'free') {
    const active = await countActiveProjects(db, org.id)
    if (active > FREE_PLAN_ACTIVE_PROJECT_LIMIT) {
      return `The Free plan allows ${FREE_PLAN_ACTIVE_PROJECT_LIMIT} active projects and this organization has ${active}: pause or delete ${plural(active - FREE_PLAN_ACTIVE_PROJECT_LIMIT, 'project')} first`
    }
    const over = await membersExceedingFreeProjectLimit(db, org, 0, { countThisOrgAsFree: true })
    if (over.length) {
      const who = over.map((m) => `${m.username} (${m.primary_email}, ${plural(m.active_free_projects, 'active free project')})`).join(', ')
      return `Downgrading would put ${who} over the limit of ${FREE_PLAN_ACTIVE_PROJECT_LIMIT} active free projects across their organizations: pause or delete projects first`
    }
  }
  if (!PLAN_ROLES[target].roles.includes('Read-only')) {
    const { rows } = await db.query<{ n: number }>(
      `select (select count(*) from platform.members where organization_id = $1 and role = 'Read-only')
            + (select count(*) from platform.org_invitations
                where organization_id = $1 and role = 'Read-only' and accepted_at is null and expires_at > now()) as n`,
      [org.id]
    )
    const n = Number(rows[0].n)
    if (n > 0) {
      return `The ${findPlanTier(target).name} plan has no Read-only role: change the role of ${plural(n, 'Read-only member or invitation')} first`
    }
  }
  return null
}
