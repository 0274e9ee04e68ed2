import { type QueryClient } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { PaymentMethods } from '@/lib/api-types/billing'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/payment-methods. */
export async function getPaymentMethods({ slug }: { slug?: string }, signal?: AbortSignal): Promise<PaymentMethods> {
  if (!slug) throw new Error('slug is required')
  return get<PaymentMethods>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods`, { signal })
}

export const { options: paymentMethodsQueryOptions, use: usePaymentMethodsQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.paymentMethods(slug), getPaymentMethods, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})

/** After a card changes: the list and the subscription (which names the default card) are stale. */
export function invalidatePaymentMethods(queryClient: QueryClient, slug: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: organizationKeys.paymentMethods(slug) }),
    queryClient.invalidateQueries({ queryKey: organizationKeys.subscription(slug), exact: true }),
  ])
}

/** A change to the card records (add, remove, make default): refreshes them afterwards; a default error toast unless `onError` is given. */
export function usePaymentMethodMutation<Data, Variables extends { slug: string }>(
  mutationFn: (variables: Variables) => Promise<Data>,
  what: string,
  options: MutationOptions<Data, Variables>
) {
  return useDataMutation({ mutationFn, what, onSuccess: (_data, variables, queryClient) => invalidatePaymentMethods(queryClient, variables.slug) }, options)
}
