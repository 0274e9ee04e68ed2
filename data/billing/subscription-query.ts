import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Subscription } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/billing/subscription; fails with "slug is required" without a slug. */
export async function getSubscription({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Subscription> {
  if (!slug) throw new Error('slug is required')
  return get<Subscription>(`/platform/organizations/${encodeURIComponent(slug)}/billing/subscription`, { signal })
}

export const { options: subscriptionQueryOptions, use: useSubscriptionQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.subscription(slug), getSubscription, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
