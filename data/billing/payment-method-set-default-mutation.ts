import { patch } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { PaymentMethod } from '@/lib/api-types/billing'
import { usePaymentMethodMutation } from './payment-methods-query'

export type PaymentMethodSetDefaultVariables = { slug: string; id: number }

/** PATCH /platform/organizations/{slug}/payment-methods/{id} with is_default: true. */
export async function setDefaultPaymentMethod({ slug, id }: PaymentMethodSetDefaultVariables): Promise<PaymentMethod> {
  if (!slug) throw new Error('slug is required')
  return patch<PaymentMethod>(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`, { is_default: true })
}

/** Makes a card the default. */
export function usePaymentMethodSetDefaultMutation(options: MutationOptions<PaymentMethod, PaymentMethodSetDefaultVariables> = {}) {
  return usePaymentMethodMutation(setDefaultPaymentMethod, 'set the default payment method', options)
}
