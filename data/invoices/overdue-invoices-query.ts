import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { defineQuery } from '@/data/query'
import { OVERDUE_INVOICES_STALE_TIME_MS } from '@/lib/constants'
import type { OverdueInvoice } from '@/lib/api-types/billing'

/** spec §7: GET /platform/stripe/invoices/overdue (abortable). */
export async function getOverdueInvoices(signal?: AbortSignal): Promise<OverdueInvoice[]> {
  return get<OverdueInvoice[]>('/platform/stripe/invoices/overdue', { signal })
}

/** Runs only when enabled, signed in (or allowed) and the billing flag is on (spec §7); spec §9: stale after 30 min. */
export const { options: overdueInvoicesQueryOptions, use: useOverdueInvoicesQuery } = defineQuery(
  (_: { enabled: boolean }) => invoiceKeys.overdue(),
  (_, signal) => getOverdueInvoices(signal),
  { staleTime: OVERDUE_INVOICES_STALE_TIME_MS }
)
