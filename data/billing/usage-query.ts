import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { OrganizationUsage } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/usage: usage of the current billing period. */
export async function getOrganizationUsage({ slug }: { slug?: string }, signal?: AbortSignal): Promise<OrganizationUsage> {
  if (!slug) throw new Error('slug is required')
  return get<OrganizationUsage>(`/platform/organizations/${encodeURIComponent(slug)}/usage`, { signal })
}

export const { options: organizationUsageQueryOptions, use: useOrganizationUsageQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.usage(slug), getOrganizationUsage, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
