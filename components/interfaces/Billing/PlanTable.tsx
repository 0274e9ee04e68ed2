import Link from 'next/link'
import { Badge } from '@/components/ui/Badge'
import { PLAN_TIERS, planTierHref, type PlanId, type PlanTier } from '@/lib/catalogue/plans'
import { needsSales, planActionLabel, planChangeDirection, planRolesText, projectScopedRolesText } from './Billing.utils'
import styles from './Billing.module.css'
import planStyles from './PlanTable.module.css'

/** spec §2: the enterprise plan goes through the sales form. */
export const CONTACT_SALES_LABEL = 'Contact sales'

type PlanTableProps = {
  slug: string
  currentPlanId: PlanId
  /** False when the user may not change the plan, or a marketplace bills the organization. */
  canChange: boolean
  onSelectPlan: (planId: PlanId) => void
}

/** The plan tiers of spec §9 with their prices, features and roles (spec §6); the current one is marked. */
export function PlanTable({ slug, currentPlanId, canChange, onSelectPlan }: PlanTableProps) {
  return (
    <ul className={planStyles.planGrid} aria-label="Plans">
      {PLAN_TIERS.map((tier) => (
        <li key={tier.id}>
          <PlanCard
            tier={tier}
            slug={slug}
            currentPlanId={currentPlanId}
            canChange={canChange}
            onSelect={() => onSelectPlan(tier.planId)}
          />
        </li>
      ))}
    </ul>
  )
}

/** One plan of the table, the plan the organization is on and whether the caller may change it. */
type PlanProps = { tier: PlanTier; slug: string; currentPlanId: PlanId; canChange: boolean; onSelect: () => void }

function PlanCard(props: PlanProps) {
  const { tier } = props
  const isCurrent = tier.planId === props.currentPlanId
  const headingId = `plan-${tier.planId}-name`
  const scopedRoles = projectScopedRolesText(tier.planId)

  return (
    <article className={`card ${planStyles.planCard}`} data-current={isCurrent} aria-labelledby={headingId}>
      <div className={planStyles.planCardTop}>
        <h3 id={headingId}>{tier.name}</h3>
        {tier.nameBadge && <Badge>{tier.nameBadge}</Badge>}
        {isCurrent && <Badge variant="brand">Current plan</Badge>}
      </div>
      <div className={styles.price}>
        {tier.priceLabel}
        {tier.costUnit && <span className={styles.costUnit}>{tier.costUnit}</span>}
      </div>
      {tier.warning && <div className={planStyles.planWarning}>{tier.warning}</div>}
      <p className="muted" style={{ margin: 0 }}>
        {tier.description}
      </p>

      <PlanAction {...props} />

      <div>
        <p style={{ margin: '0 0 0.3rem', fontWeight: 500 }}>{tier.preface}</p>
        <ul className={planStyles.planFeatures}>
          {tier.features.map((feature) => (
            <li key={feature.text}>
              {feature.text}
              {feature.overage && <span className={planStyles.overage}>{feature.overage}</span>}
            </li>
          ))}
        </ul>
      </div>

      <div className={planStyles.planRoles}>
        <h4>Roles</h4>
        <dl className={planStyles.roleFacts}>
          <dt>Organization</dt>
          <dd>{planRolesText(tier.planId)}</dd>
          <dt>Project-scoped</dt>
          <dd>{scopedRoles ?? 'Not available'}</dd>
        </dl>
      </div>

      {tier.footer && <p className={planStyles.planFooter}>{tier.footer}</p>}
    </article>
  )
}

function PlanAction({ tier, slug, currentPlanId, canChange, onSelect }: PlanProps) {
  if (tier.planId === currentPlanId) {
    return (
      <button type="button" className={`btn ${planStyles.planCta}`} disabled aria-label={`${tier.name} is the current plan`}>
        Current plan
      </button>
    )
  }
  if (needsSales(currentPlanId, tier.planId)) {
    // spec §2: an enterprise contact form exists; the support form's Sales category is it.
    const href =
      tier.planId === 'enterprise'
        ? planTierHref(tier, slug)
        : `/support/new?category=sales&subject=${encodeURIComponent(`Change plan to ${tier.name}`)}`
    return (
      <Link href={href} className={`btn ${planStyles.planCta}`}>
        {CONTACT_SALES_LABEL}
      </Link>
    )
  }
  const label = planActionLabel(currentPlanId, tier)
  return (
    <button
      type="button"
      className={`btn ${planChangeDirection(currentPlanId, tier.planId) === 'upgrade' ? 'btn-primary' : ''} ${planStyles.planCta}`}
      disabled={!canChange}
      onClick={onSelect}
    >
      {label}
    </button>
  )
}
