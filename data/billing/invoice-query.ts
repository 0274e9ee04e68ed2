import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Invoice } from './invoices-query'

/** GET /platform/organizations/{slug}/billing/invoices/{id}: one invoice with its lines. */
export async function getInvoice({ slug, id }: { slug?: string; id?: number }, signal?: AbortSignal): Promise<Invoice> {
  if (!slug) throw new Error('slug is required')
  if (id === undefined) throw new Error('Invoice id is required')
  return get<Invoice>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/${id}`, { signal })
}

export function invoiceQueryOptions({ slug, id, enabled = true }: { slug?: string; id?: number; enabled?: boolean }) {
  return queryOptions({
    queryKey: invoiceKeys.single(slug, id === undefined ? undefined : String(id)),
    queryFn: ({ signal }) => getInvoice({ slug, id }, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: enabled && Boolean(slug) && id !== undefined,
  })
}

export function useInvoiceQuery(variables: { slug?: string; id?: number; enabled?: boolean }) {
  return useQuery(invoiceQueryOptions(variables))
}
