import {
  formatBillingEmail,
  getManagedByLabel,
  getPartnerId,
  isMissingBillingInformation,
  PROVIDER_NAME,
} from '@/lib/billing'

describe('isMissingBillingInformation (spec §5)', () => {
  it('warns for a paid plan without address line 1 and without a partner', () => {
    expect(isMissingBillingInformation({ planId: 'pro', addressLine1: '', billingPartner: null })).toBe(true)
    expect(isMissingBillingInformation({ planId: 'team', addressLine1: undefined, billingPartner: undefined })).toBe(true)
    expect(isMissingBillingInformation({ planId: 'enterprise', addressLine1: '   ', billingPartner: '' })).toBe(true)
  })

  it('does not warn on the free plan', () => {
    expect(isMissingBillingInformation({ planId: 'free', addressLine1: '', billingPartner: null })).toBe(false)
  })

  it('does not warn while the plan is unknown', () => {
    expect(isMissingBillingInformation({ planId: undefined, addressLine1: '', billingPartner: null })).toBe(false)
  })

  it('does not warn when line 1 is filled in', () => {
    expect(
      isMissingBillingInformation({ planId: 'pro', addressLine1: '1 Main St', billingPartner: null })
    ).toBe(false)
  })

  it('does not warn when a marketplace bills the organization', () => {
    expect(
      isMissingBillingInformation({ planId: 'pro', addressLine1: '', billingPartner: 'vercel_marketplace' })
    ).toBe(false)
    expect(isMissingBillingInformation({ planId: 'pro', addressLine1: '', billingPartner: 'aws' })).toBe(false)
  })
})

describe('getPartnerId (spec §3)', () => {
  it('strips a vercel_ prefix', () => {
    expect(getPartnerId('vercel_icfg_abc123')).toBe('icfg_abc123')
  })

  it('keeps other slugs whole', () => {
    expect(getPartnerId('acme')).toBe('acme')
    expect(getPartnerId('my_vercel_org')).toBe('my_vercel_org')
    expect(getPartnerId('vercel-team')).toBe('vercel-team')
  })

  it('strips the prefix only once', () => {
    expect(getPartnerId('vercel_vercel_x')).toBe('vercel_x')
  })
})

describe('getManagedByLabel (spec §3)', () => {
  it('names the marketplaces', () => {
    expect(getManagedByLabel('vercel_marketplace')).toBe('Vercel marketplace')
    expect(getManagedByLabel('aws')).toBe('AWS marketplace')
  })

  it('names the provider itself without a partner', () => {
    expect(PROVIDER_NAME).not.toBe('')
    expect(getManagedByLabel(null)).toBe(PROVIDER_NAME)
    expect(getManagedByLabel(undefined)).toBe(PROVIDER_NAME)
    expect(getManagedByLabel('')).toBe(PROVIDER_NAME)
    expect(getManagedByLabel('none')).toBe(PROVIDER_NAME)
  })
})

describe('formatBillingEmail (spec §3)', () => {
  it('shows the e-mail when present', () => {
    expect(formatBillingEmail('billing@example.com')).toBe('billing@example.com')
  })

  it('shows Unknown when missing', () => {
    expect(formatBillingEmail(null)).toBe('Unknown')
    expect(formatBillingEmail(undefined)).toBe('Unknown')
    expect(formatBillingEmail('')).toBe('Unknown')
    expect(formatBillingEmail('  ')).toBe('Unknown')
  })
})
