import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { Organization } from '@/data/organizations/organizations-query'
import { useSubscriptionQuery } from '@/data/billing/subscription-query'
import { formatBillingEmail, getManagedByLabel } from '@/lib/billing'
import { findPlanTier } from '@/lib/catalogue/plans'
import { formatShortDate } from '@/lib/formatting'
import { isPartnerManaged, marketplaceHref } from './Billing.utils'
import styles from './Billing.module.css'

type CurrentPlanCardProps = {
  slug: string
  organization: Organization | undefined
}

/** The organization's plan, its price and cycle, the billing e-mail and who manages billing (spec §3). */
export function CurrentPlanCard({ slug, organization }: CurrentPlanCardProps) {
  const subscription = useSubscriptionQuery({ slug })

  if (subscription.isError) {
    return (
      <QueryErrorState title="Failed to load the subscription" query={subscription} />
    )
  }
  if (subscription.isPending) return <SkeletonLines lines={4} label="Loading the subscription" />

  const { plan, current_period_start, current_period_end } = subscription.data
  const tier = findPlanTier(plan.id)
  const partner = organization?.billing_partner ?? subscription.data.billing_partner
  const managedBy = getManagedByLabel(partner)

  return (
    <div className="card" data-testid="current-plan">
      <div className={styles.planHeadline}>
        <span className={styles.planName}>{tier.name}</span>
        <Badge variant="brand">Current plan</Badge>
        <span className={styles.price}>
          {tier.priceLabel}
          {tier.costUnit && <span className={styles.costUnit}>{tier.costUnit}</span>}
        </span>
      </div>
      <p className="muted" style={{ margin: '0.25rem 0 0' }}>
        {tier.description}
      </p>
      <dl className={styles.facts}>
        <dt>Billing cycle</dt>
        <dd>
          {tier.priceMonthly === null ? 'Per contract' : 'Monthly'}
          {current_period_start && current_period_end && (
            <span className="muted">
              {' '}
              · current period {formatShortDate(current_period_start)} to {formatShortDate(current_period_end)}
            </span>
          )}
        </dd>
        <dt>Billing email</dt>
        <dd>{formatBillingEmail(organization?.billing_email)}</dd>
        <dt>Managed by</dt>
        <dd>{managedBy}</dd>
      </dl>

      {isPartnerManaged(partner) ? (
        <div style={{ marginTop: '1rem' }}>
          <PartnerManagedNote partner={partner} label={managedBy} />
        </div>
      ) : (
        <div className={styles.actions}>
          <a href="#plans" className="btn btn-sm">
            Change plan
          </a>
        </div>
      )}
    </div>
  )
}

/** Why the plan cannot be changed here, and where it can. */
export function PartnerManagedNote({ partner, label }: { partner: string; label: string }) {
  const href = marketplaceHref(partner)
  return (
    <Admonition
      title={`Billing is managed by the ${label}`}
      role="note"
      actions={
        href && (
          <a href={href} target="_blank" rel="noreferrer noopener" className="btn btn-sm">
            Open the {label}
          </a>
        )
      }
    >
      This organization is billed through the {label}, so its plan cannot be changed here. Change the plan in the {label}.
    </Admonition>
  )
}
