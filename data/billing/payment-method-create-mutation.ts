import { post } from '@/data/fetchers'
import { invalidatePaymentMethods, type CardBrand, type PaymentMethod } from './payment-methods-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type PaymentMethodCreateVariables = {
  slug: string
  brand: CardBrand
  last4: string
  exp_month: number
  exp_year: number
  is_default?: boolean
}

/** POST /platform/organizations/{slug}/payment-methods: records a card (no card is charged). */
export async function createPaymentMethod({ slug, ...card }: PaymentMethodCreateVariables): Promise<PaymentMethod> {
  if (!slug) throw new Error('slug is required')
  return post<PaymentMethod>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods`, card)
}

/** Records a card and refreshes the list and the subscription's default card; a default error toast unless `onError` is given. */
export function usePaymentMethodCreateMutation(options: MutationOptions<PaymentMethod, PaymentMethodCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createPaymentMethod,
      what: 'add payment method',
      async onSuccess(_data, variables, queryClient) {
        await invalidatePaymentMethods(queryClient, variables.slug)
      },
    },
    options
  )
}
