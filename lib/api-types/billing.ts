/**
 * Request and response shapes of the billing endpoints, shared by the platform that writes them
 * and the data hooks that read them, so the two cannot drift apart. The platform's zod schemas
 * of the request bodies (which need its country and tax-id rules) are checked against the body
 * types here.
 */
import type { PlanId } from '@/lib/catalogue/plans'

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible'

/** One line of an invoice or a plan-change preview; amounts are integer cents. */
export type InvoiceLine = { description: string; amount: number; quantity?: number; unit_price?: number; metric?: string }

/** Query of `GET .../billing/invoices`: a page of the list, newest first. */
export type InvoicePage = { offset: number; limit: number }

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
  /**
   * `measured`: `usage` is metered from the organization's projects (their API's egress, their
   * users, their databases; zero where nothing produces the metric yet). `demo`: the demo seed also
   * stored a figure for the metric, given apart as `seeded_usage`.
   */
  source: UsageSource
  /**
   * The demo seed's sample figure for the metric, never added to `usage` (issue 26: seeded and
   * measured figures were summed, told apart only behind a hover); null without one.
   */
  seeded_usage: number | null
}

export type UsageSource = 'measured' | 'demo'

/** The invoice the current period will end with (`GET .../billing/invoices/upcoming`); amounts are integer cents. */
export type UpcomingInvoice = {
  organization_id: number
  status: 'upcoming'
  currency: string
  period_start: string
  period_end: string
  next_payment_attempt: string
  lines: InvoiceLine[]
  subtotal: number
  total: number
  amount_due: number
}

/** An open invoice past its due date in one of the caller's organizations (`GET /platform/stripe/invoices/overdue`). */
export type OverdueInvoice = {
  id: number
  organization_id: number
  organization_slug: string
  number: string
  amount_due: number
  currency: string
  due_date: string | null
  created_at: string | null
}

/** `GET .../usage`: usage of the current billing period. */
export type OrganizationUsage = {
  plan: { id: PlanId }
  period_start: string
  period_end: string
  usage_billing_enabled: boolean
  usages: MetricUsage[]
}

type PlanRef = { id: PlanId; name: string }

/** `GET .../billing/subscription`: the organization's plan and its billing period. */
export type Subscription = {
  plan: PlanRef
  tier: string
  /** Monthly base price in USD; null when negotiated (Enterprise). */
  price_monthly: number | null
  billing_cycle_anchor: string | null
  current_period_start: string
  current_period_end: string
  next_invoice_at: string
  usage_billing_enabled: boolean
  billing_partner: string | null
  billing_via_partner: boolean
  default_payment_method_id: number | null
  /** Add-ons (compute, PITR, custom domain) are not sold by the embedded platform yet. */
  addons: never[]
}

/** `POST .../billing/subscription/preview`: what moving to a plan costs and whether the rules allow it. */
export type SubscriptionPreview = {
  current_plan: PlanRef
  target_plan: PlanRef
  change: 'upgrade' | 'downgrade' | 'none'
  allowed: boolean
  /** Why the change is refused (e.g. the Free plan's active-project limit); null when allowed. */
  refusal_reason: string | null
  currency: string
  /** Cents charged now (the prorated difference of an upgrade). */
  amount_due_today: number
  lines: InvoiceLine[]
  /** Cents per month of the target plan; null when negotiated. */
  next_invoice_base_amount: number | null
  current_base_amount: number | null
  current_period_start: string
  current_period_end: string
}

/** Body of `PUT .../billing/subscription` and its preview: `{ tier: 'tier_pro' }` or `{ plan_id: 'pro' }`, exactly one. */
export type PlanChangeBody = { tier?: string; plan_id?: PlanId }

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

/** `GET .../payment-methods`. */
export type PaymentMethods = {
  data: PaymentMethod[]
  defaultPaymentMethodId: number | null
  /** The platform's own words that no card is charged. */
  note?: string
}

/** Body of `POST .../payment-methods` (no card number: a record only). */
export type PaymentMethodCreateBody = {
  brand: CardBrand
  last4: string
  exp_month: number
  exp_year: number
  is_default?: boolean
}

/** A tax id of the organization (`GET .../tax-ids`); `type` is one the platform accepts, e.g. `eu_vat`. */
export type TaxId = { id: number; type: string; value: string; country: string; created_at: string }

/** Body of `POST .../tax-ids`; the platform checks the value's shape and answers 400 naming it. */
export type TaxIdCreateBody = { type: string; value: string; country?: string }

/** A billing address; `country` is an ISO 3166-1 alpha-2 code, e.g. DE. */
export type BillingAddress = {
  line1: string
  line2?: string | null
  city?: string | null
  postal_code?: string | null
  state?: string | null
  country: string
}

/** `GET .../customer` (spec §3: address.line1 drives the missing-billing banner). */
export type OrganizationCustomer = {
  address: { line1: string; line2: string | null; city: string | null; postal_code: string | null; state: string | null; country: string } | null
  email: string | null
  name: string | null
}

/** Body of `PUT|PATCH .../customer`: the fields given are saved; `address: null` removes the address. */
export type OrganizationCustomerBody = {
  address?: BillingAddress | null
  email?: string | null
  name?: string | null
}
