import dayjs from 'dayjs'
import { isMissingBillingInformation } from '@/lib/billing'
import { BANNER_DATE_FORMAT, CLOCK_SKEW_THRESHOLD_MS } from '@/lib/constants'

export type BannerKind = 'warning' | 'danger'
export type BannerContent = { key: string; title?: string; text: string; kind: BannerKind }

/** spec §8 banner texts, word for word. */
export const BANNER_TEXT = {
  clockSkew: "Your computer's clock appears to be inaccurate. This can cause issues with certain features.",
  gracePeriodTitle: 'Organization plan has exceeded its quota',
  gracePeriodText: (date: string) => `You are given a grace period until ${date}`,
  graceOverTitle: 'Grace period is over',
  graceOverText: 'Your Projects will not be able to serve requests when you used up your quota.',
  restrictedTitle: 'Services Restricted',
  restrictedText: 'Your Projects are unable to serve any requests as your Organization plan has used up its quota.',
  overdueTitle: 'Outstanding Invoices',
  overdueText: 'Please pay invoices to avoid service disruption.',
  overdueElsewhereTitle: 'Outstanding Invoices in other Organization',
  overdueElsewhereText: 'Please pay invoices for other Organization to avoid service disruption.',
  missingBillingTitle: 'Missing Billing Information',
  missingBillingText: 'Please add a billing address. If you are a registered business, please add a tax ID too.',
  incidentTitle: 'We are currently investigating a technical issue',
  incidentText: 'Follow status page for updates',
} as const

/** spec §4: the clock is skewed when local and server UTC time differ by more than 2 minutes. */
export function isClockSkewed(localMs: number, serverMs: number, threshold = CLOCK_SKEW_THRESHOLD_MS): boolean {
  return Math.abs(localMs - serverMs) > threshold
}

type OrganizationLike = {
  id: number
  plan: { id: string }
  billing_partner: string | null
  restriction_status: 'grace_period' | 'grace_period_over' | 'restricted' | null
  restriction_data: { grace_period_end: string | null } | null
}

/** spec §4: normal → grace_period → grace_period_over → restricted, each with its banner. */
export function restrictionBanner(org: OrganizationLike | undefined): BannerContent | null {
  switch (org?.restriction_status) {
    case 'grace_period': {
      const end = org.restriction_data?.grace_period_end
      const date = end ? dayjs(end).format(BANNER_DATE_FORMAT) : ''
      return { key: 'grace-period', title: BANNER_TEXT.gracePeriodTitle, text: BANNER_TEXT.gracePeriodText(date), kind: 'warning' }
    }
    case 'grace_period_over':
      return { key: 'grace-over', title: BANNER_TEXT.graceOverTitle, text: BANNER_TEXT.graceOverText, kind: 'warning' }
    case 'restricted':
      return { key: 'restricted', title: BANNER_TEXT.restrictedTitle, text: BANNER_TEXT.restrictedText, kind: 'danger' }
    default:
      return null
  }
}

/**
 * Outstanding invoices (issue 26: each where it belongs). Inside an organization (its id, or
 * undefined while it loads): its own overdue invoices (danger), and nothing about the others'.
 * Outside every organization (`null`: the organizations list, the account pages): a warning when
 * any organization the user pays for has one, linking to that organization's invoices when only
 * one has.
 */
export function overdueBanner(
  invoices: { organization_id: number; organization_slug?: string }[] | undefined,
  organizationId: number | null | undefined
): (BannerContent & { href?: string }) | null {
  if (!invoices?.length) return null
  if (organizationId !== null) {
    return organizationId !== undefined && invoices.some((i) => i.organization_id === organizationId)
      ? { key: 'overdue', title: BANNER_TEXT.overdueTitle, text: BANNER_TEXT.overdueText, kind: 'danger' }
      : null
  }
  const slugs = [...new Set(invoices.map((i) => i.organization_slug))]
  const href = slugs.length === 1 && slugs[0] ? `/org/${slugs[0]}/billing#invoices` : undefined
  return { key: 'overdue-elsewhere', title: BANNER_TEXT.overdueElsewhereTitle, text: BANNER_TEXT.overdueElsewhereText, kind: 'warning', ...(href ? { href } : {}) }
}

/** spec §5: paid plan, no billing address line1 and no billing partner. */
export function missingBillingBanner(org: OrganizationLike | undefined, addressLine1: string | null | undefined): BannerContent | null {
  if (!org) return null
  const missing = isMissingBillingInformation({ planId: org.plan.id, addressLine1, billingPartner: org.billing_partner })
  return missing ? { key: 'missing-billing', title: BANNER_TEXT.missingBillingTitle, text: BANNER_TEXT.missingBillingText, kind: 'warning' } : null
}
