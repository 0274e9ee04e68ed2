import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import type { InvoiceLine } from '@/lib/api-types/billing'

/** One line of an invoice or a preview; amounts are integer cents. */
/** A line of an invoice or preview (integer cents). */
export type BillingLine = InvoiceLine

/** POST .../billing/subscription/preview: what moving to a plan costs and whether the rules allow it. */
export type SubscriptionPreview = {
  current_plan: { id: PlanId; name: string }
  target_plan: { id: PlanId; name: string }
  change: 'upgrade' | 'downgrade' | 'none'
  allowed: boolean
  /** Why the change is refused (e.g. the Free plan's active-project limit); null when allowed. */
  refusal_reason: string | null
  currency: string
  /** Cents charged now (the prorated difference of an upgrade). */
  amount_due_today: number
  lines: BillingLine[]
  /** Cents per month of the target plan; null when negotiated. */
  next_invoice_base_amount: number | null
  current_base_amount: number | null
  current_period_start: string
  current_period_end: string
}

export type SubscriptionPreviewVariables = { slug?: string; planId?: PlanId }

/** POST /platform/organizations/{slug}/billing/subscription/preview (a read: nothing changes). */
export async function getSubscriptionPreview(
  { slug, planId }: SubscriptionPreviewVariables,
  signal?: AbortSignal
): Promise<SubscriptionPreview> {
  if (!slug) throw new Error('slug is required')
  if (!planId) throw new Error('planId is required')
  return post<SubscriptionPreview>(
    `/platform/organizations/${encodeURIComponent(slug)}/billing/subscription/preview`,
    { plan_id: planId },
    { signal }
  )
}

export function subscriptionPreviewQueryOptions({ slug, planId, enabled = true }: SubscriptionPreviewVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: organizationKeys.subscriptionPreview(slug, planId ?? ''),
    queryFn: ({ signal }) => getSubscriptionPreview({ slug, planId }, signal),
    // The proration depends on the moment: ask again each time the confirmation opens.
    staleTime: 0,
    enabled: enabled && Boolean(slug) && Boolean(planId),
  })
}

export function useSubscriptionPreviewQuery(variables: SubscriptionPreviewVariables & { enabled?: boolean }) {
  return useQuery(subscriptionPreviewQueryOptions(variables))
}
