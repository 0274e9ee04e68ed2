import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'

/** GET /platform/organizations/{slug}/billing/invoices/count: how many invoices there are (for paging). */
export async function getInvoicesCount({ slug }: { slug?: string }, signal?: AbortSignal): Promise<number> {
  if (!slug) throw new Error('slug is required')
  const { count } = await get<{ count: number }>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/count`, { signal })
  return count
}

export function invoicesCountQueryOptions({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: invoiceKeys.count(slug),
    queryFn: ({ signal }) => getInvoicesCount({ slug }, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: enabled && Boolean(slug),
  })
}

export function useInvoicesCountQuery({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return useQuery(invoicesCountQueryOptions({ slug, enabled }))
}
