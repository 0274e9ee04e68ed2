import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { PaymentMethod, PaymentMethodCreateBody } from '@/lib/api-types/billing'
import { usePaymentMethodMutation } from './payment-methods-query'

export type PaymentMethodCreateVariables = { slug: string } & PaymentMethodCreateBody

/** POST /platform/organizations/{slug}/payment-methods: records a card (no card is charged). */
export async function createPaymentMethod({ slug, ...card }: PaymentMethodCreateVariables): Promise<PaymentMethod> {
  if (!slug) throw new Error('slug is required')
  return post<PaymentMethod>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods`, card)
}

/** Records a card and refreshes the list and the subscription's default card. */
export function usePaymentMethodCreateMutation(options: MutationOptions<PaymentMethod, PaymentMethodCreateVariables> = {}) {
  return usePaymentMethodMutation(createPaymentMethod, 'add payment method', options)
}
