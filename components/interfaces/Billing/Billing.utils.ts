/** Pure helpers of the billing screen: usage levels, plan actions, invoice badges, form checks. */
import type { BadgeVariant } from '@/components/ui/Badge'
import { PLAN_IDS, PLAN_ROLES, type PlanId, type PlanTier } from '@/lib/catalogue/plans'
import { USAGE_WARNING_RATIO } from '@/lib/constants'
import { formatBytes } from '@/lib/formatting'

// ---------------------------------------------------------------------------
// Usage against quota

export type UsageLevel = 'normal' | 'warning' | 'danger'

/** usage / quota, or null when there is no fixed quota (unlimited, negotiated per contract). */
export function usageRatio(usage: number, quota: number | null): number | null {
  if (quota === null || quota <= 0) return null
  return usage / quota
}

/** Colour of a usage bar: amber from 75 % of the quota (spec §9 ratio 0.75), red at or above it. */
export function usageLevel(ratio: number): UsageLevel {
  if (ratio >= 1) return 'danger'
  if (ratio >= USAGE_WARNING_RATIO) return 'warning'
  return 'normal'
}

const COUNT = new Intl.NumberFormat('en-US')

/** A usage figure in its unit: 1024-based bytes (spec §9) or a grouped count. */
export function formatUsageAmount(value: number, unit: 'bytes' | 'count'): string {
  return unit === 'bytes' ? formatBytes(value) : COUNT.format(value)
}

/** Percentage shown beside a bar, e.g. "42%"; below 1 % of a non-zero usage reads "<1%". */
export function formatUsagePercent(ratio: number): string {
  if (ratio > 0 && ratio < 0.01) return '<1%'
  return `${Math.floor(ratio * 100)}%`
}

// ---------------------------------------------------------------------------
// Money

/** The platform sends amounts in integer cents; formatCurrency takes dollars. */
export function centsToDollars(cents: number): number {
  return cents / 100
}

// ---------------------------------------------------------------------------
// Billing partner (spec §3: vercel_marketplace, aws or none)

/** True when a marketplace bills the organization: its plan is changed there, not here. */
export function isPartnerManaged(partner: string | null | undefined): partner is string {
  return typeof partner === 'string' && partner.trim() !== '' && partner !== 'none'
}

const MARKETPLACE_LINKS: Record<string, string> = {
  vercel_marketplace: 'https://vercel.com/dashboard/integrations',
  aws: 'https://console.aws.amazon.com/marketplace/home#/subscriptions',
}

/** Where a partner-managed organization changes its plan; null for an unknown partner. */
export function marketplaceHref(partner: string): string | null {
  return MARKETPLACE_LINKS[partner] ?? null
}

// ---------------------------------------------------------------------------
// Plans

export type PlanChange = 'upgrade' | 'downgrade' | 'none'

/** Whether moving from `current` to `target` goes up or down the tiers (free < pro < team < enterprise). */
export function planChangeDirection(current: PlanId, target: PlanId): PlanChange {
  const from = PLAN_IDS.indexOf(current)
  const to = PLAN_IDS.indexOf(target)
  return to === from ? 'none' : to > from ? 'upgrade' : 'downgrade'
}

/** The label of a tier's button for an organization on `current`. */
export function planActionLabel(current: PlanId, tier: PlanTier): string {
  const direction = planChangeDirection(current, tier.planId)
  if (direction === 'none') return 'Current plan'
  return direction === 'upgrade' ? `Upgrade to ${tier.name}` : `Downgrade to ${tier.name}`
}

/** Enterprise is never self-serve: moving to it or away from it goes through sales. */
export function needsSales(current: PlanId, target: PlanId): boolean {
  return target !== current && (target === 'enterprise' || current === 'enterprise')
}

/** spec §6: organization roles of a plan, e.g. "Owner, Admin, Developer". */
export function planRolesText(planId: PlanId): string {
  return PLAN_ROLES[planId].roles.join(', ')
}

/** spec §6: what a plan offers for roles limited to some projects; null when none. */
export function projectScopedRolesText(planId: PlanId): string | null {
  const scoped = PLAN_ROLES[planId].projectScopedRoles
  if (scoped === 'predefined') return 'Predefined roles'
  if (scoped === 'custom') return 'Custom roles'
  return null
}

// ---------------------------------------------------------------------------
// Invoices

/** Label and colour of an invoice's status badge; an open invoice past its due date is overdue. */
export function invoiceStatusBadge(invoice: { status: string; overdue?: boolean }): { label: string; variant: BadgeVariant } {
  if (invoice.status === 'open' && invoice.overdue) return { label: 'Overdue', variant: 'danger' }
  switch (invoice.status) {
    case 'paid':
      return { label: 'Paid', variant: 'brand' }
    case 'open':
      return { label: 'Open', variant: 'warning' }
    case 'uncollectible':
      return { label: 'Uncollectible', variant: 'danger' }
    case 'void':
      return { label: 'Void', variant: 'default' }
    case 'draft':
      return { label: 'Draft', variant: 'default' }
    default:
      return { label: invoice.status, variant: 'default' }
  }
}

/** "Showing 11–20 of 23" for a page of a list. */
export function pageRangeText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total}`
  return `Showing ${offset + 1}–${offset + shown} of ${total}`
}

// ---------------------------------------------------------------------------
// Billing address

export type AddressValues = {
  line1: string
  line2: string
  city: string
  postal_code: string
  state: string
  country: string
}

export type AddressErrors = Partial<Record<keyof AddressValues, string>>

export const EMPTY_ADDRESS: AddressValues = { line1: '', line2: '', city: '', postal_code: '', state: '', country: '' }

/** Longest value of each field (the platform's limits). */
export const ADDRESS_MAX_LENGTH: Record<keyof AddressValues, number> = {
  line1: 200,
  line2: 200,
  city: 100,
  postal_code: 20,
  state: 100,
  country: 2,
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null
// Region codes that are not countries one can bill to.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'ZZ'])

/** The English name of an ISO 3166-1 alpha-2 code, or null when it is not one. */
export function countryName(code: string): string | null {
  const upper = code.trim().toUpperCase()
  if (!/^[A-Z]{2}$/.test(upper) || NOT_COUNTRIES.has(upper)) return null
  if (!regionNames) return upper
  try {
    const name = regionNames.of(upper)
    return name && name !== upper && name !== 'Unknown Region' ? name : null
  } catch {
    return null
  }
}

export const ADDRESS_MESSAGES = {
  line1Required: 'Address line 1 is required',
  countryRequired: 'Country is required',
  countryInvalid: 'Enter a two-letter country code, e.g. DE or US',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const

/** Checks a billing address before it is sent; an empty object means it may be saved. */
export function validateAddress(values: AddressValues): AddressErrors {
  const errors: AddressErrors = {}
  for (const key of Object.keys(ADDRESS_MAX_LENGTH) as (keyof AddressValues)[]) {
    if (key !== 'country' && values[key].trim().length > ADDRESS_MAX_LENGTH[key]) {
      errors[key] = ADDRESS_MESSAGES.tooLong(ADDRESS_MAX_LENGTH[key])
    }
  }
  if (values.line1.trim() === '') errors.line1 = ADDRESS_MESSAGES.line1Required
  if (values.country.trim() === '') errors.country = ADDRESS_MESSAGES.countryRequired
  else if (countryName(values.country) === null) errors.country = ADDRESS_MESSAGES.countryInvalid
  return errors
}

/** The request body of an address: trimmed, empty optional fields as null, the country upper-cased. */
export function addressPayload(values: AddressValues) {
  const optional = (v: string) => (v.trim() === '' ? null : v.trim())
  return {
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: optional(values.city),
    postal_code: optional(values.postal_code),
    state: optional(values.state),
    country: values.country.trim().toUpperCase(),
  }
}

// ---------------------------------------------------------------------------
// Tax ids and cards

/**
 * Tax id types the platform accepts, with an example of each shape. The platform checks the
 * value and answers with the expected shape when it does not match.
 */
export const TAX_ID_TYPES = [
  { type: 'eu_vat', label: 'EU VAT number', example: 'DE123456789' },
  { type: 'gb_vat', label: 'UK VAT number', example: 'GB123456789' },
  { type: 'us_ein', label: 'US Employer Identification Number', example: '12-3456789' },
  { type: 'au_abn', label: 'Australian Business Number', example: '12345678912' },
  { type: 'ca_bn', label: 'Canadian Business Number', example: '123456789' },
  { type: 'ch_vat', label: 'Swiss VAT number', example: 'CHE-123.456.789 MWST' },
  { type: 'in_gst', label: 'Indian GST number', example: '12ABCDE3456FGZH' },
  { type: 'jp_cn', label: 'Japanese Corporate Number', example: '1234567891234' },
] as const

/** The label of a tax id type, or the type itself when unknown. */
export function taxIdTypeLabel(type: string): string {
  return TAX_ID_TYPES.find((t) => t.type === type)?.label ?? type
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand] ?? brand
}

/** "04/2030" */
export function formatCardExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${year}`
}

export type CardValues = { brand: string; last4: string; exp_month: string; exp_year: string; is_default: boolean }
export type CardErrors = Partial<Record<'last4' | 'exp_month' | 'exp_year', string>>

/** Checks a card record before it is sent (the platform checks again). */
export function validateCard(values: CardValues, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {}
  if (!/^\d{4}$/.test(values.last4.trim())) errors.last4 = 'Enter the last four digits of the card'
  const month = Number(values.exp_month)
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.exp_month = 'Choose the expiry month'
  const year = Number(values.exp_year)
  if (!/^\d{4}$/.test(values.exp_year.trim())) errors.exp_year = 'Enter the four-digit expiry year'
  else if (!errors.exp_month) {
    const thisYear = now.getUTCFullYear()
    const thisMonth = now.getUTCMonth() + 1
    if (year < thisYear || (year === thisYear && month < thisMonth)) errors.exp_year = 'This card has expired'
  }
  return errors
}
