import { describe, expect, it } from 'vitest'
import { BANNER_TEXT, isClockSkewed, missingBillingBanner, overdueBanner, restrictionBanner } from '@/lib/banners'

const org = (over: Record<string, unknown> = {}) => ({
  id: 1,
  plan: { id: 'pro' },
  billing_partner: null,
  restriction_status: null,
  restriction_data: null,
  ...over,
}) as Parameters<typeof restrictionBanner>[0]

describe('clock skew (spec §4: more than 2 minutes)', () => {
  it('is not skewed at exactly 120 s, skewed beyond, either direction', () => {
    expect(isClockSkewed(1_000_000, 1_000_000 + 120_000)).toBe(false)
    expect(isClockSkewed(1_000_000, 1_000_000 + 120_001)).toBe(true)
    expect(isClockSkewed(1_000_000 + 120_001, 1_000_000)).toBe(true)
  })
})

describe('restriction banners (spec §8)', () => {
  it('shows the grace period end as DD MMM, YYYY', () => {
    const b = restrictionBanner(org({ restriction_status: 'grace_period', restriction_data: { grace_period_end: '2026-12-03T12:00:00Z' } }))
    expect(b).toMatchObject({ title: 'Organization plan has exceeded its quota', text: 'You are given a grace period until 03 Dec, 2026', kind: 'warning' })
  })
  it('grace over is a warning, restricted is danger, normal has none', () => {
    expect(restrictionBanner(org({ restriction_status: 'grace_period_over' }))).toMatchObject({
      title: 'Grace period is over',
      text: 'Your Projects will not be able to serve requests when you used up your quota.',
      kind: 'warning',
    })
    expect(restrictionBanner(org({ restriction_status: 'restricted' }))).toMatchObject({
      title: 'Services Restricted',
      text: 'Your Projects are unable to serve any requests as your Organization plan has used up its quota.',
      kind: 'danger',
    })
    expect(restrictionBanner(org())).toBeNull()
    expect(restrictionBanner(undefined)).toBeNull()
  })
})

describe('overdue invoices', () => {
  it("inside an organization: its own overdue invoices (danger), nothing about another's", () => {
    expect(overdueBanner([{ organization_id: 1 }], 1)).toMatchObject({ title: BANNER_TEXT.overdueTitle, kind: 'danger' })
    expect(overdueBanner([{ organization_id: 2 }], 1)).toBeNull()
    // While the organization loads, nothing is known to be its own.
    expect(overdueBanner([{ organization_id: 2 }], undefined)).toBeNull()
    expect(overdueBanner([], 1)).toBeNull()
  })

  it('outside every organization: a warning, linking to the invoices when one organization has them', () => {
    expect(overdueBanner([{ organization_id: 2, organization_slug: 'team' }], null)).toEqual({
      key: 'overdue-elsewhere',
      title: 'Outstanding Invoices in other Organization',
      text: 'Please pay invoices for other Organization to avoid service disruption.',
      kind: 'warning',
      href: '/org/team/billing#invoices',
    })
    expect(overdueBanner([{ organization_id: 2, organization_slug: 'team' }, { organization_id: 3, organization_slug: 'pro' }], null)).not.toHaveProperty('href')
    expect(overdueBanner([], null)).toBeNull()
  })
})

describe('missing billing information (spec §5)', () => {
  it('needs a paid plan, no address line1 and no partner', () => {
    expect(missingBillingBanner(org(), '')).toMatchObject({ title: 'Missing Billing Information' })
    expect(missingBillingBanner(org(), '1 Main St')).toBeNull()
    expect(missingBillingBanner(org({ plan: { id: 'free' } }), '')).toBeNull()
    expect(missingBillingBanner(org({ billing_partner: 'aws' }), null)).toBeNull()
  })
})
