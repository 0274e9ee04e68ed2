import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { MetricUsage } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

export type { MetricUsage } from '@/lib/api-types/billing'

export type OrganizationUsage = {
  plan: { id: PlanId }
  period_start: string
  period_end: string
  usage_billing_enabled: boolean
  usages: MetricUsage[]
}

/** GET /platform/organizations/{slug}/usage: usage of the current billing period. */
export async function getOrganizationUsage({ slug }: { slug?: string }, signal?: AbortSignal): Promise<OrganizationUsage> {
  if (!slug) throw new Error('slug is required')
  return get<OrganizationUsage>(`/platform/organizations/${encodeURIComponent(slug)}/usage`, { signal })
}

export const { options: organizationUsageQueryOptions, use: useOrganizationUsageQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.usage(slug), getOrganizationUsage, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
