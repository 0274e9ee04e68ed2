import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'

/** One metric of the current period against the plan's quota. */
export type MetricUsage = {
  metric: string
  name: string
  unit: 'bytes' | 'count'
  usage: number
  /** Included amount; null when unlimited (negotiated per contract). */
  quota: number | null
  usage_ratio: number | null
  exceeded: boolean
  /** Free: usage stops at the quota instead of being billed. */
  capped: boolean
  pricing: { price_usd: number; per_units: number; unit_label: string } | null
  /** Cost above the quota, integer cents. */
  overage_cost: number
}

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

export function organizationUsageQueryOptions({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: organizationKeys.usage(slug),
    queryFn: ({ signal }) => getOrganizationUsage({ slug }, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: enabled && Boolean(slug),
  })
}

export function useOrganizationUsageQuery({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return useQuery(organizationUsageQueryOptions({ slug, enabled }))
}
