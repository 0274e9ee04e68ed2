import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'

export type TaxId = { id: number; type: string; value: string; country: string; created_at: string }

/** GET /platform/organizations/{slug}/tax-ids. */
export async function getTaxIds({ slug }: { slug?: string }, signal?: AbortSignal): Promise<TaxId[]> {
  if (!slug) throw new Error('slug is required')
  return get<TaxId[]>(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids`, { signal })
}

export function taxIdsQueryOptions({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: organizationKeys.taxIds(slug),
    queryFn: ({ signal }) => getTaxIds({ slug }, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: enabled && Boolean(slug),
  })
}

export function useTaxIdsQuery({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return useQuery(taxIdsQueryOptions({ slug, enabled }))
}
