import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import { invalidatePaymentMethods, type PaymentMethod } from './payment-methods-query'

export type PaymentMethodSetDefaultVariables = { slug: string; id: number }

/** PATCH /platform/organizations/{slug}/payment-methods/{id} with is_default: true. */
export async function setDefaultPaymentMethod({ slug, id }: PaymentMethodSetDefaultVariables): Promise<PaymentMethod> {
  if (!slug) throw new Error('slug is required')
  return patch<PaymentMethod>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`, { is_default: true })
}

type Options = Omit<UseMutationOptions<PaymentMethod, ResponseError, PaymentMethodSetDefaultVariables>, 'mutationFn'>

/** Makes a card the default; a default error toast unless `onError` is given. */
export function usePaymentMethodSetDefaultMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<PaymentMethod, ResponseError, PaymentMethodSetDefaultVariables>({
    mutationFn: setDefaultPaymentMethod,
    async onSuccess(data, variables, result, context) {
      await invalidatePaymentMethods(queryClient, variables.slug)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to set the default payment method: ${error.message}`)
    },
    ...options,
  })
}
