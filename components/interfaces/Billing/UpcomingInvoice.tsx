import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useUpcomingInvoiceQuery } from '@/data/billing/upcoming-invoice-query'
import { formatCurrency, formatShortDate } from '@/lib/formatting'
import { centsToDollars } from './Billing.utils'
import { InvoiceLines } from './InvoiceLines'

/** The invoice the current period will end with (spec §3: upcoming preview). */
export function UpcomingInvoice({ slug }: { slug: string }) {
  const upcoming = useUpcomingInvoiceQuery({ slug })

  return (
    <div className="card">
      <h3 id="upcoming-invoice-title">Upcoming invoice</h3>
      {upcoming.isError ? (
        <QueryErrorState title="Failed to load the upcoming invoice" query={upcoming} />
      ) : upcoming.isPending ? (
        <SkeletonLines lines={3} label="Loading the upcoming invoice" />
      ) : (
        <>
          <p className="muted">
            For {formatShortDate(upcoming.data.period_start)} to {formatShortDate(upcoming.data.period_end)}, issued on{' '}
            {formatShortDate(upcoming.data.next_payment_attempt)}. Estimated from usage so far:{' '}
            <strong style={{ color: 'var(--fg)' }}>{formatCurrency(centsToDollars(upcoming.data.amount_due))}</strong>
          </p>
          <InvoiceLines lines={upcoming.data.lines} total={upcoming.data.total} labelledBy="upcoming-invoice-title" />
        </>
      )}
    </div>
  )
}
