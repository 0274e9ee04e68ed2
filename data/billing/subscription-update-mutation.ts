import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { put, type ResponseError } from '@/data/fetchers'
import { invoiceKeys, organizationKeys } from '@/data/organizations/keys'
import type { PlanId } from '@/lib/catalogue/plans'
import type { Subscription } from './subscription-query'
import { defaultMutationErrorToast } from '@/data/mutation'

export type SubscriptionUpdateVariables = { slug: string; planId: PlanId }

/** PUT /platform/organizations/{slug}/billing/subscription: changes the plan (400 names the rule that refuses it). */
export async function updateSubscription({ slug, planId }: SubscriptionUpdateVariables): Promise<Subscription> {
  if (!slug) throw new Error('slug is required')
  return put<Subscription>(`/platform/organizations/${encodeURIComponent(slug)}/billing/subscription`, { plan_id: planId })
}

type Options = Omit<UseMutationOptions<Subscription, ResponseError, SubscriptionUpdateVariables>, 'mutationFn'>

/**
 * Changes the organization's plan, then refreshes what follows from it: the organization list
 * (its plan drives the banners), the subscription, usage quotas, invoices and roles. A default
 * error toast unless `onError` is given.
 */
export function useSubscriptionUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Subscription, ResponseError, SubscriptionUpdateVariables>({
    mutationFn: updateSubscription,
    async onSuccess(data, variables, result, context) {
      const { slug } = variables
      queryClient.setQueryData(organizationKeys.subscription(slug), data)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.subscription(slug) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.usage(slug) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.roles(slug) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.freeProjectLimitCheck(slug) }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.organization(slug) }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('change plan', error)
    },
    ...options,
  })
}
