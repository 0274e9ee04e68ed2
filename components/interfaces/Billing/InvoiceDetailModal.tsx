import { Badge } from '@/components/ui/Badge'
import { ErrorState } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useInvoiceQuery } from '@/data/billing/invoice-query'
import { formatCurrency, formatShortDate } from '@/lib/formatting'
import { centsToDollars, invoiceStatusBadge } from './Billing.utils'
import { InvoiceLines } from './InvoiceLines'
import styles from './Billing.module.css'

/** One invoice with its lines (spec §3: the single-invoice cache key). */
export function InvoiceDetailModal({ slug, invoiceId, onClose }: { slug: string; invoiceId: number | null; onClose: () => void }) {
  const invoice = useInvoiceQuery({ slug, id: invoiceId ?? undefined, enabled: invoiceId !== null })
  const data = invoice.data

  return (
    <Modal
      open={invoiceId !== null}
      onOpenChange={(open) => !open && onClose()}
      title={data ? `Invoice ${data.number}` : 'Invoice'}
      size="large"
    >
      {invoice.isError ? (
        <ErrorState title="Failed to load the invoice" error={invoice.error} onRetry={() => void invoice.refetch()} retrying={invoice.isFetching} />
      ) : !data ? (
        <SkeletonLines lines={4} label="Loading the invoice" />
      ) : (
        <>
          <dl className={styles.previewFacts}>
            <dt>Status</dt>
            <dd>
              <Badge variant={invoiceStatusBadge(data).variant}>{invoiceStatusBadge(data).label}</Badge>
            </dd>
            <dt>Date</dt>
            <dd>{formatShortDate(data.created_at)}</dd>
            <dt>Period</dt>
            <dd>
              {formatShortDate(data.period_start)} to {formatShortDate(data.period_end)}
            </dd>
            {data.due_date && (
              <>
                <dt>Due</dt>
                <dd>{formatShortDate(data.due_date)}</dd>
              </>
            )}
            <dt>Paid</dt>
            <dd>{formatCurrency(centsToDollars(data.amount_paid))}</dd>
            <dt>Outstanding</dt>
            <dd>{formatCurrency(centsToDollars(Math.max(0, data.amount_due - data.amount_paid)))}</dd>
          </dl>
          <InvoiceLines lines={data.lines} total={data.total} />
        </>
      )}
    </Modal>
  )
}
