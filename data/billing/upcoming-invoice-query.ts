import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { UpcomingInvoice } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/billing/invoices/upcoming. */
export async function getUpcomingInvoice({ slug }: { slug?: string }, signal?: AbortSignal): Promise<UpcomingInvoice> {
  if (!slug) throw new Error('slug is required')
  return get<UpcomingInvoice>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/upcoming`, { signal })
}

export const { options: upcomingInvoiceQueryOptions, use: useUpcomingInvoiceQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => invoiceKeys.upcomingPreview(slug), getUpcomingInvoice, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
