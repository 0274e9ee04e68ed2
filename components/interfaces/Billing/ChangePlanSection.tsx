import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSubscriptionQuery } from '@/data/billing/subscription-query'
import type { Organization } from '@/data/organizations/organizations-query'
import { getManagedByLabel } from '@/lib/billing'
import type { PlanId } from '@/lib/catalogue/plans'
import { isPartnerManaged } from './Billing.utils'
import { PartnerManagedNote } from './CurrentPlanCard'
import { FeatureMatrixTable } from './FeatureMatrixTable'
import { PlanChangeModal } from './PlanChangeModal'
import { PlanTable } from './PlanTable'
import planStyles from './PlanTable.module.css'

type ChangePlanSectionProps = {
  slug: string
  organization: Organization | undefined
  /** Owners and Admins may change the plan. */
  canManage: boolean
}

/** The plan table, the feature comparison and the confirmation of a change. */
export function ChangePlanSection({ slug, organization, canManage }: ChangePlanSectionProps) {
  const subscription = useSubscriptionQuery({ slug })
  const [target, setTarget] = useState<PlanId | null>(null)

  if (subscription.isError) {
    return (
      <QueryErrorState title="Failed to load the plans" query={subscription} />
    )
  }
  if (subscription.isPending) return <SkeletonLines lines={5} label="Loading the plans" />

  const currentPlanId = subscription.data.plan.id
  const partner = organization?.billing_partner ?? subscription.data.billing_partner
  const partnerManaged = isPartnerManaged(partner)

  return (
    <>
      {partnerManaged ? (
        <PartnerManagedNote partner={partner} label={getManagedByLabel(partner)} />
      ) : (
        !canManage && (
          <Admonition role="note" title="Only Owners and Admins can change the plan">
            Ask an Owner or Admin of this organization to change its plan.
          </Admonition>
        )
      )}
      <PlanTable
        slug={slug}
        currentPlanId={currentPlanId}
        canChange={canManage && !partnerManaged}
        onSelectPlan={setTarget}
      />
      <details className={planStyles.details}>
        <summary>Compare all features</summary>
        <FeatureMatrixTable currentPlanId={currentPlanId} />
      </details>
      {canManage && (
        <PlanChangeModal slug={slug} currentPlanId={currentPlanId} targetPlanId={target} onClose={() => setTarget(null)} />
      )}
    </>
  )
}
