import { type QueryClient } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { defineQuery } from '@/data/query'

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

/** A stored card record: brand, last four digits and expiry, never a card number. */
export type PaymentMethod = {
  id: number
  type: 'card'
  brand: CardBrand
  last4: string
  exp_month: number
  exp_year: number
  is_default: boolean
  created_at: string
}

export type PaymentMethods = {
  data: PaymentMethod[]
  defaultPaymentMethodId: number | null
  /** The platform's own words that no card is charged. */
  note?: string
}

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
