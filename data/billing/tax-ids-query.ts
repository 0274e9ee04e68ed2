import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { TaxId } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/tax-ids. */
export async function getTaxIds({ slug }: { slug?: string }, signal?: AbortSignal): Promise<TaxId[]> {
  if (!slug) throw new Error('slug is required')
  return get<TaxId[]>(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids`, { signal })
}

export const { options: taxIdsQueryOptions, use: useTaxIdsQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.taxIds(slug), getTaxIds, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
