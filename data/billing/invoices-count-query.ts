import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/billing/invoices/count: how many invoices there are (for paging). */
export async function getInvoicesCount({ slug }: { slug?: string }, signal?: AbortSignal): Promise<number> {
  if (!slug) throw new Error('slug is required')
  const { count } = await get<{ count: number }>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/count`, { signal })
  return count
}

export const { options: invoicesCountQueryOptions, use: useInvoicesCountQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => invoiceKeys.count(slug), getInvoicesCount, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
