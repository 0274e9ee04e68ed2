import { put } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { invoiceKeys, organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import type { PlanChangeBody, Subscription } from '@/lib/api-types/billing'

export type SubscriptionUpdateVariables = { slug: string; planId: PlanId }

/** PUT /platform/organizations/{slug}/billing/subscription: changes the plan (400 names the rule that refuses it). */
export async function updateSubscription({ slug, planId }: SubscriptionUpdateVariables): Promise<Subscription> {
  if (!slug) throw new Error('slug is required')
  return put<Subscription>(`/platform/organizations/${encodeURIComponent(slug)}/billing/subscription`, { plan_id: planId } satisfies PlanChangeBody)
}

/**
 * Changes the organization's plan, then refreshes what follows from it: the organization list
 * (its plan drives the banners), the subscription, usage quotas, invoices and roles. A default
 * error toast unless `onError` is given.
 */
export function useSubscriptionUpdateMutation(options: MutationOptions<Subscription, SubscriptionUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateSubscription,
      what: 'change plan',
      async onSuccess(data, { slug }, queryClient) {
        queryClient.setQueryData(organizationKeys.subscription(slug), data)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.subscription(slug) }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.usage(slug) }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.roles(slug) }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.freeProjectLimitCheck(slug) }),
          queryClient.invalidateQueries({ queryKey: invoiceKeys.organization(slug) }),
        ])
      },
    },
    options
  )
}
