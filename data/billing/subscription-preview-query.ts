import { queryOptions, useQuery } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import type { PlanChangeBody, SubscriptionPreview } from '@/lib/api-types/billing'

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
    { plan_id: planId } satisfies PlanChangeBody,
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
