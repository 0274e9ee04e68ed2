import { get } from '@/data/fetchers'
import { invoiceKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { BillingLine } from './subscription-preview-query'
import { defineQuery } from '@/data/query'

/** The invoice the current period will end with; amounts are integer cents. */
export type UpcomingInvoice = {
  organization_id: number
  status: 'upcoming'
  currency: string
  period_start: string
  period_end: string
  next_payment_attempt: string
  lines: BillingLine[]
  subtotal: number
  total: number
  amount_due: number
}

/** GET /platform/organizations/{slug}/billing/invoices/upcoming. */
export async function getUpcomingInvoice({ slug }: { slug?: string }, signal?: AbortSignal): Promise<UpcomingInvoice> {
  if (!slug) throw new Error('slug is required')
  return get<UpcomingInvoice>(`/platform/organizations/${encodeURIComponent(slug)}/billing/invoices/upcoming`, { signal })
}

export const { options: upcomingInvoiceQueryOptions, use: useUpcomingInvoiceQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => invoiceKeys.upcomingPreview(slug), getUpcomingInvoice, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
