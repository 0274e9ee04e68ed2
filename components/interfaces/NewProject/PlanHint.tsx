import Link from 'next/link'
import { findPlanTier, type PlanId, type SelfServePlanId } from '@/lib/catalogue/plans'

/**
 * What the chosen plan means for the new project: projects run on their organization's plan, so
 * a different choice points to Billing.
 */
export function PlanHint({
  slug,
  organizationPlan,
  chosenPlan,
}: {
  slug: string
  organizationPlan: { id: PlanId; name: string }
  chosenPlan: SelfServePlanId
}) {
  const chosen = findPlanTier(chosenPlan)
  if (chosenPlan === organizationPlan.id) {
    return (
      <p className="field-hint">
        This project runs on the organization&apos;s {organizationPlan.name} plan ({chosen.priceLabel} {chosen.costUnit}).
      </p>
    )
  }
  return (
    <p className="field-hint" role="status">
      This organization is on the {organizationPlan.name} plan. To run projects on the {chosen.name} plan ({chosen.priceLabel}{' '}
      {chosen.costUnit}), <Link href={`/org/${encodeURIComponent(slug)}/billing`}>change the organization&apos;s plan</Link>.
    </p>
  )
}
