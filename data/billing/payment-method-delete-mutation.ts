import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { invalidatePaymentMethods } from './payment-methods-query'

export type PaymentMethodDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/payment-methods/{id}; the newest remaining card becomes the default. */
export async function deletePaymentMethod({ slug, id }: PaymentMethodDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, PaymentMethodDeleteVariables>, 'mutationFn'>

/** Removes a card record; a default error toast unless `onError` is given. */
export function usePaymentMethodDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, PaymentMethodDeleteVariables>({
    mutationFn: deletePaymentMethod,
    async onSuccess(data, variables, result, context) {
      await invalidatePaymentMethods(queryClient, variables.slug)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to remove payment method: ${error.message}`)
    },
    ...options,
  })
}
