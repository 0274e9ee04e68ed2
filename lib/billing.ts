/** Billing rules and labels for organizations (spec §3 Organization, §5). */

/**
 * How the managed-by label names the provider itself when no marketplace bills the organization.
 * The spec keeps the provider anonymous, so this is the one place to put a brand name.
 */
export const PROVIDER_NAME = 'Platform'

/** Shown in place of a missing billing e-mail (spec §3). */
export const UNKNOWN_BILLING_EMAIL = 'Unknown'

/** The plan id that never needs a billing address (spec §3). */
export const FREE_PLAN_ID = 'free'

const MANAGED_BY_LABELS: Record<string, string> = {
  vercel_marketplace: 'Vercel marketplace',
  aws: 'AWS marketplace',
}

function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === ''
}

function hasBillingPartner(partner: string | null | undefined): boolean {
  return !isBlank(partner) && partner !== 'none'
}

/**
 * True when a paid organization billed directly has no billing address line 1 (the "Missing
 * Billing Information" banner). An unknown plan (still loading) never warns.
 */
export function isMissingBillingInformation({
  planId,
  addressLine1,
  billingPartner,
}: {
  planId: string | null | undefined
  addressLine1: string | null | undefined
  billingPartner: string | null | undefined
}): boolean {
  // spec §5: plan is not free, line1 is empty, and there is no billing partner
  if (isBlank(planId) || planId === FREE_PLAN_ID) return false
  return isBlank(addressLine1) && !hasBillingPartner(billingPartner)
}

/** The partner id for an organization slug: the slug without a leading `vercel_`. */
export function getPartnerId(slug: string): string {
  // spec §3: the slug without a vercel_ prefix, when present
  return slug.startsWith('vercel_') ? slug.slice('vercel_'.length) : slug
}

/** Who manages an organization's billing: a marketplace, or the provider itself. */
export function getManagedByLabel(billingPartner: string | null | undefined): string {
  // spec §3: vercel_marketplace / aws / none
  if (!hasBillingPartner(billingPartner)) return PROVIDER_NAME
  return MANAGED_BY_LABELS[billingPartner as string] ?? PROVIDER_NAME
}

/** The billing e-mail to display, or "Unknown" when there is none. */
export function formatBillingEmail(email: string | null | undefined): string {
  return isBlank(email) ? UNKNOWN_BILLING_EMAIL : (email as string).trim()
}
