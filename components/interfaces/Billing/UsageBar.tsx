import { Badge } from '@/components/ui/Badge'
import type { MetricUsage } from '@/lib/api-types/billing'
import { formatCurrency } from '@/lib/formatting'
import { centsToDollars, formatUsageAmount, formatUsagePercent, usageLevel, usageRatio } from './Billing.utils'
import styles from './Billing.module.css'

/** One metric against its quota: figures, a bar coloured by the ratio, and what happens above it. */
export function UsageBar({ usage }: { usage: MetricUsage }) {
  const ratio = usageRatio(usage.usage, usage.quota)
  const used = formatUsageAmount(usage.usage, usage.unit)

  if (ratio === null) {
    // No fixed quota (negotiated per contract), or none included in the plan (quota 0): nothing to
    // measure against, so no bar.
    return (
      <div className={styles.usageRow}>
        <div className={styles.usageTop}>
          <span className={styles.usageName}>
            {usage.name}
          </span>
          <span className={styles.usageFigures}>{used} used · {usage.quota === 0 ? 'Not included in the plan' : 'Unlimited'}</span>
        </div>
        <SeededFigure usage={usage} />
      </div>
    )
  }

  const level = usageLevel(ratio)
  const percent = formatUsagePercent(ratio)
  const quota = formatUsageAmount(usage.quota as number, usage.unit)
  const width = Math.min(100, ratio * 100)
  return (
    <div className={styles.usageRow}>
      <div className={styles.usageTop}>
        <span className={styles.usageName}>
          <span id={`usage-${usage.metric}`}>{usage.name}</span>
        </span>
        <span className={styles.usageFigures}>
          {used} of {quota} ({percent})
        </span>
      </div>
      <div
        className={styles.bar}
        role="progressbar"
        aria-labelledby={`usage-${usage.metric}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(width)}
        aria-valuetext={`${used} of ${quota} (${percent})`}
        data-level={level}
      >
        <div className={styles.barFill} style={{ width: `${width}%` }} />
      </div>
      {level !== 'normal' && <UsageNote usage={usage} level={level} />}
      <SeededFigure usage={usage} />
    </div>
  )
}

/**
 * The demo seed's sample figure, on a line of its own and labelled there (issue 26: it used to be
 * added to the measured figure, told apart only behind a hover). The bar above is measured only.
 */
function SeededFigure({ usage }: { usage: MetricUsage }) {
  if (usage.seeded_usage === null || usage.seeded_usage === undefined) return null
  return (
    <p className={styles.seededFigure}>
      <Badge variant="warning">Demo data</Badge> Seeded sample: {formatUsageAmount(usage.seeded_usage, usage.unit)}, stored by the demo seed, not measured and not billed. The bar shows this period as measured.
    </p>
  )
}

function UsageNote({ usage, level }: { usage: MetricUsage; level: 'warning' | 'danger' }) {
  let text: string
  if (level === 'warning') text = 'Approaching the quota of your plan.'
  else if (usage.capped) text = 'Quota reached: the Free plan does not bill usage above it. Upgrade for more.'
  else if (usage.pricing && usage.overage_cost > 0) text = `Over the quota: ${formatCurrency(centsToDollars(usage.overage_cost))} of usage above it so far.`
  else text = 'Quota reached.'
  return (
    <span className={styles.usageNote} data-level={level}>
      {text}
    </span>
  )
}
