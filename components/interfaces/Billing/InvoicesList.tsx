import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useInvoicesCountQuery } from '@/data/billing/invoices-count-query'
import { useInvoicesQuery } from '@/data/billing/invoices-query'
import { formatCurrency, formatShortDate } from '@/lib/formatting'
import { centsToDollars, invoiceStatusBadge, pageRangeText } from './Billing.utils'
import { InvoiceDetailModal } from './InvoiceDetailModal'
import styles from './Billing.module.css'

/** Invoices per page. */
export const INVOICES_PAGE_SIZE = 10

/** The organization's invoices, newest first, paged with the count (spec §3 invoice keys). */
export function InvoicesList({ slug }: { slug: string }) {
  const [offset, setOffset] = useState(0)
  const [openInvoice, setOpenInvoice] = useState<number | null>(null)
  const page = { offset, limit: INVOICES_PAGE_SIZE }
  const invoices = useInvoicesQuery({ slug, page })
  const count = useInvoicesCountQuery({ slug })

  const failed = invoices.isError ? invoices : count.isError ? count : null
  if (failed) {
    return (
      <ErrorState title="Failed to load invoices" error={failed.error} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
    )
  }
  if (invoices.isPending || count.isPending) return <SkeletonLines lines={4} label="Loading invoices" />

  const rows = invoices.data ?? []
  const total = count.data ?? 0
  if (rows.length === 0 && offset === 0) {
    return (
      <EmptyState
        title="No invoices yet"
        description="Invoices appear here at the end of each billing period and when you upgrade the plan."
      />
    )
  }

  return (
    <>
      <DataTable
        label="Invoices"
        busy={invoices.isPlaceholderData}
        rows={rows}
        rowKey={(invoice) => invoice.id}
        columns={[
          {
            key: 'number',
            header: 'Invoice',
            render: (invoice) => (
              <button type="button" className={`${styles.linkButton} mono`} aria-label={`View invoice ${invoice.number}`} onClick={() => setOpenInvoice(invoice.id)}>
                {invoice.number}
              </button>
            ),
          },
          { key: 'date', header: 'Date', render: (invoice) => formatShortDate(invoice.created_at) },
          { key: 'amount', header: 'Amount', align: 'right', render: (invoice) => formatCurrency(centsToDollars(invoice.total)) },
          {
            key: 'status',
            header: 'Status',
            render: (invoice) => {
              const badge = invoiceStatusBadge(invoice)
              return <Badge variant={badge.variant}>{badge.label}</Badge>
            },
          },
        ]}
      />
      <div className={styles.pager}>
        <span className="muted" aria-live="polite">
          {pageRangeText(offset, rows.length, total)} invoices
        </span>
        {total > INVOICES_PAGE_SIZE && (
          <span className={styles.pagerButtons}>
            <button
              type="button"
              className="btn btn-sm"
              disabled={offset === 0 || invoices.isFetching}
              onClick={() => setOffset(Math.max(0, offset - INVOICES_PAGE_SIZE))}
            >
              Previous
            </button>
            <button
              type="button"
              className="btn btn-sm"
              disabled={offset + INVOICES_PAGE_SIZE >= total || invoices.isFetching}
              onClick={() => setOffset(offset + INVOICES_PAGE_SIZE)}
            >
              Next
            </button>
          </span>
        )}
      </div>
      <InvoiceDetailModal slug={slug} invoiceId={openInvoice} onClose={() => setOpenInvoice(null)} />
    </>
  )
}
