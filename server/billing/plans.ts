import { PLAN_QUOTAS, PLAN_ROLES, PLAN_TIERS, planTierHref, type PlanId } from '@/lib/catalogue/plans'

/** GET .../billing/plans: the plan table (spec §3 Plan tier, §6 roles, §9 quotas) with the current plan marked. */
export function listPlans(org: { slug: string; plan_id: PlanId; billing_partner: string | null }) {
  return {
    current_plan_id: org.plan_id,
    plans: PLAN_TIERS.map((tier) => ({
      ...tier,
      href: planTierHref(tier, org.slug),
      is_current: tier.planId === org.plan_id,
      // Enterprise goes through sales; marketplace organizations change plans at the marketplace.
      self_serve: tier.planId !== 'enterprise' && org.billing_partner === null,
      roles: PLAN_ROLES[tier.planId].roles,
      project_scoped_roles: PLAN_ROLES[tier.planId].projectScopedRoles,
      quota: PLAN_QUOTAS[tier.planId],
    })),
  }
}
