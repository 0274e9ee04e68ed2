/**
 * Response shapes of the billing endpoints, shared by the platform that writes them and the
 * data hooks that read them, so the two cannot drift apart.
 */

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible'

/** One line of an invoice or a plan-change preview; amounts are integer cents. */
export type InvoiceLine = { description: string; amount: number; quantity?: number; unit_price?: number; metric?: string }

/** An invoice as the API returns it; amounts are integer cents of `currency`. */
export type Invoice = {
  id: number
  organization_id: number
  number: string
  status: InvoiceStatus
  currency: string
  subtotal: number
  total: number
  amount_due: number
  amount_paid: number
  period_start: string
  period_end: string
  due_date: string | null
  created_at: string
  lines: InvoiceLine[]
  /** Open and past its due date. */
  overdue: boolean
}

/** One metric of the current period against the plan's quota. */
export type MetricUsage = {
  metric: string
  name: string
  unit: 'bytes' | 'count'
  usage: number
  /** Included amount; null when unlimited (negotiated per contract). */
  quota: number | null
  /** usage / quota; null when unlimited. */
  usage_ratio: number | null
  exceeded: boolean
  /** Free: usage stops at the quota instead of being billed. */
  capped: boolean
  /** Overage price; null when overage is not billed on this plan. */
  pricing: { price_usd: number; per_units: number; unit_label: string } | null
  /** Cost of the usage above the quota, integer cents. */
  overage_cost: number
}
