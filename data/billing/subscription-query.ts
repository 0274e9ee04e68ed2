import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { defineQuery } from '@/data/query'

/** GET .../billing/subscription: the organization's plan and its billing period. */
export type Subscription = {
  plan: { id: PlanId; name: string }
  tier: string
  /** Monthly base price in USD; null when negotiated (Enterprise). */
  price_monthly: number | null
  billing_cycle_anchor: string | null
  current_period_start: string
  current_period_end: string
  next_invoice_at: string
  usage_billing_enabled: boolean
  billing_partner: string | null
  billing_via_partner: boolean
  default_payment_method_id: number | null
}

/** GET /platform/organizations/{slug}/billing/subscription; fails with "slug is required" without a slug. */
export async function getSubscription({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Subscription> {
  if (!slug) throw new Error('slug is required')
  return get<Subscription>(`/platform/organizations/${encodeURIComponent(slug)}/billing/subscription`, { signal })
}

export const { options: subscriptionQueryOptions, use: useSubscriptionQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.subscription(slug), getSubscription, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
