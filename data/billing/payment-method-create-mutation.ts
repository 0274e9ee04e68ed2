import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { invalidatePaymentMethods, type CardBrand, type PaymentMethod } from './payment-methods-query'

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

type Options = Omit<UseMutationOptions<PaymentMethod, ResponseError, PaymentMethodCreateVariables>, 'mutationFn'>

/** Records a card and refreshes the list and the subscription's default card; a default error toast unless `onError` is given. */
export function usePaymentMethodCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<PaymentMethod, ResponseError, PaymentMethodCreateVariables>({
    mutationFn: createPaymentMethod,
    async onSuccess(data, variables, result, context) {
      await invalidatePaymentMethods(queryClient, variables.slug)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to add payment method: ${error.message}`)
    },
    ...options,
  })
}
