import { del } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { usePaymentMethodMutation } from './payment-methods-query'

export type PaymentMethodDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/payment-methods/{id}; the newest remaining card becomes the default. */
export async function deletePaymentMethod({ slug, id }: PaymentMethodDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/payment-methods/${id}`)
}

/** Removes a card record. */
export function usePaymentMethodDeleteMutation(options: MutationOptions<void, PaymentMethodDeleteVariables> = {}) {
  return usePaymentMethodMutation(deletePaymentMethod, 'remove payment method', options)
}
