import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Invoice } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/billing/invoices/{id}: one invoice with its lines. */
export async function getInvoice({ slug, id }: { slug?: string; id?: number }, signal?: AbortSignal): Promise<Invoice> {
  if (!slug) throw new Error('slug is required')
  if (id === undefined) throw new Error('Invoice id is required')
  return get<Invoice>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/${id}`, { signal })
}

export const { options: invoiceQueryOptions, use: useInvoiceQuery } = defineQuery(({ slug, id }: { slug?: string; id?: number; enabled?: boolean }) => invoiceKeys.single(slug, id === undefined ? undefined : String(id)), getInvoice, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug, id }) => Boolean(slug) && id !== undefined,
})
