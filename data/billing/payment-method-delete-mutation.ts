import { del } from '@/data/fetchers'
import { invalidatePaymentMethods } from './payment-methods-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type PaymentMethodDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/payment-methods/{id}; the newest remaining card becomes the default. */
export async function deletePaymentMethod({ slug, id }: PaymentMethodDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`)
}

/** Removes a card record; a default error toast unless `onError` is given. */
export function usePaymentMethodDeleteMutation(options: MutationOptions<void, PaymentMethodDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deletePaymentMethod,
      what: 'remove payment method',
      async onSuccess(_data, variables, queryClient) {
        await invalidatePaymentMethods(queryClient, variables.slug)
      },
    },
    options
  )
}
