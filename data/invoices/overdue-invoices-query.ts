import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { OVERDUE_INVOICES_STALE_TIME_MS } from '@/lib/constants'

export type OverdueInvoice = { id: string; organization_id: number; amount_due: number; due_date: string; number?: string }

/** spec §7: GET /platform/stripe/invoices/overdue (abortable). */
export async function getOverdueInvoices(signal?: AbortSignal): Promise<OverdueInvoice[]> {
  return get<OverdueInvoice[]>('/platform/stripe/invoices/overdue', { signal })
}

/** Runs only when enabled, signed in (or allowed) and the billing flag is on (spec §7). */
export function overdueInvoicesQueryOptions({ enabled }: { enabled: boolean }) {
  return queryOptions({
    queryKey: invoiceKeys.overdue(),
    queryFn: ({ signal }) => getOverdueInvoices(signal),
    staleTime: OVERDUE_INVOICES_STALE_TIME_MS, // spec §9: 30 min
    enabled,
  })
}

export function useOverdueInvoicesQuery({ enabled }: { enabled: boolean }) {
  return useQuery(overdueInvoicesQueryOptions({ enabled }))
}
