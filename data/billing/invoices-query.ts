import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Invoice, InvoicePage } from '@/lib/api-types/billing'

/** GET /platform/organizations/{slug}/billing/invoices?offset&limit: newest first. */
export async function getInvoices({ slug, page }: { slug?: string; page: InvoicePage }, signal?: AbortSignal): Promise<Invoice[]> {
  if (!slug) throw new Error('slug is required')
  return get<Invoice[]>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices`, {
    query: { offset: page.offset, limit: page.limit },
    signal,
  })
}

export function invoicesQueryOptions({ slug, page, enabled = true }: { slug?: string; page: InvoicePage; enabled?: boolean }) {
  return queryOptions({
    queryKey: invoiceKeys.list(slug, page),
    queryFn: ({ signal }) => getInvoices({ slug, page }, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: enabled && Boolean(slug),
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  })
}

export function useInvoicesQuery(variables: { slug?: string; page: InvoicePage; enabled?: boolean }) {
  return useQuery(invoicesQueryOptions(variables))
}
