import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import { formatShortDate } from '@/lib/formatting'
import { UsageBar } from './UsageBar'
import styles from './Billing.module.css'

/** Usage of the current billing period against the plan's quota (spec §2: usage, quota). */
export function UsageSection({ slug }: { slug: string }) {
  const usage = useOrganizationUsageQuery({ slug })

  if (usage.isError) {
    return (
      <ErrorState title="Failed to load usage" error={usage.error} onRetry={() => void usage.refetch()} retrying={usage.isFetching} />
    )
  }
  if (usage.isPending) return <SkeletonLines lines={6} label="Loading usage" />
  if (usage.data.usages.length === 0) {
    return <EmptyState title="No usage yet" description="Usage of your projects appears here during the billing period." />
  }

  return (
    <div className="card">
      <p className="muted" style={{ marginTop: 0 }}>
        Billing period {formatShortDate(usage.data.period_start)} to {formatShortDate(usage.data.period_end)}
      </p>
      <ul className={`plain-list ${styles.usageList}`} aria-label="Usage against quota">
        {usage.data.usages.map((metric) => (
          <li key={metric.metric}>
            <UsageBar usage={metric} />
          </li>
        ))}
      </ul>
    </div>
  )
}
