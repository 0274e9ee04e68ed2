import { patch } from '@/data/fetchers'
import { invalidatePaymentMethods, type PaymentMethod } from './payment-methods-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type PaymentMethodSetDefaultVariables = { slug: string; id: number }

/** PATCH /platform/organizations/{slug}/payment-methods/{id} with is_default: true. */
export async function setDefaultPaymentMethod({ slug, id }: PaymentMethodSetDefaultVariables): Promise<PaymentMethod> {
  if (!slug) throw new Error('slug is required')
  return patch<PaymentMethod>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`, { is_default: true })
}

/** Makes a card the default; a default error toast unless `onError` is given. */
export function usePaymentMethodSetDefaultMutation(options: MutationOptions<PaymentMethod, PaymentMethodSetDefaultVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: setDefaultPaymentMethod,
      what: 'set the default payment method',
      async onSuccess(_data, variables, queryClient) {
        await invalidatePaymentMethods(queryClient, variables.slug)
      },
    },
    options
  )
}
