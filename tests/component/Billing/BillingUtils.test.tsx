import { describe, expect, it } from 'vitest'
import {
  addressPayload,
  invoiceStatusBadge,
  pageRangeText,
  planActionLabel,
  usageLevel,
  usageRatio,
  validateAddress,
  validateCard,
} from '@/components/interfaces/Billing/Billing.utils'
import { findPlanTier } from '@/lib/catalogue/plans'
import { USAGE_WARNING_RATIO } from '@/lib/constants'

describe('Billing.utils', () => {
  it('levels usage at the spec ratio 0.75 and at the quota', () => {
    expect(USAGE_WARNING_RATIO).toBe(0.75)
    expect(usageLevel(0)).toBe('normal')
    expect(usageLevel(0.7499)).toBe('normal')
    expect(usageLevel(0.75)).toBe('warning')
    expect(usageLevel(0.9999)).toBe('warning')
    expect(usageLevel(1)).toBe('danger')
    expect(usageLevel(3)).toBe('danger')
    expect(usageRatio(5, null)).toBeNull()
    expect(usageRatio(5, 0)).toBeNull()
    expect(usageRatio(5, 10)).toBe(0.5)
  })

  it('names plan actions by direction', () => {
    expect(planActionLabel('pro', findPlanTier('team'))).toBe('Upgrade to Team')
    expect(planActionLabel('team', findPlanTier('pro'))).toBe('Downgrade to Pro')
    expect(planActionLabel('free', findPlanTier('free'))).toBe('Current plan')
  })

  it('badges invoices: paid, open, overdue', () => {
    expect(invoiceStatusBadge({ status: 'paid' })).toEqual({ label: 'Paid', variant: 'brand' })
    expect(invoiceStatusBadge({ status: 'open', overdue: false })).toEqual({ label: 'Open', variant: 'warning' })
    expect(invoiceStatusBadge({ status: 'open', overdue: true })).toEqual({ label: 'Overdue', variant: 'danger' })
    expect(pageRangeText(0, 0, 0)).toBe('Showing 0 of 0')
    expect(pageRangeText(10, 3, 13)).toBe('Showing 11–13 of 13')
  })

  it('validates and shapes an address', () => {
    const empty = { line1: ' ', line2: '', city: '', postal_code: '', state: '', country: '' }
    expect(validateAddress(empty)).toEqual({ line1: 'Address line 1 is required', country: 'Country is required' })
    expect(validateAddress({ ...empty, line1: 'x', country: 'ZZ' })).toEqual({ country: 'Enter a two-letter country code, e.g. DE or US' })
    expect(validateAddress({ ...empty, line1: 'x', country: 'EU' }).country).toBeDefined()
    expect(validateAddress({ ...empty, line1: 'x', country: 'gb' })).toEqual({})
    expect(validateAddress({ ...empty, line1: 'x', country: 'US', postal_code: '1'.repeat(21) })).toEqual({
      postal_code: 'Must be at most 20 characters',
    })
    expect(addressPayload({ ...empty, line1: ' 1 Main St ', city: ' Oslo ', country: 'no' })).toEqual({
      line1: '1 Main St',
      line2: null,
      city: 'Oslo',
      postal_code: null,
      state: null,
      country: 'NO',
    })
  })

  it('validates a card record against the current month', () => {
    const now = new Date('2025-05-15T00:00:00Z')
    const card = { brand: 'visa', last4: '4242', exp_month: '5', exp_year: '2025', is_default: false }
    expect(validateCard(card, now)).toEqual({})
    expect(validateCard({ ...card, exp_month: '4' }, now)).toEqual({ exp_year: 'This card has expired' })
    expect(validateCard({ ...card, last4: '42a2', exp_month: '', exp_year: '25' }, now)).toEqual({
      last4: 'Enter the last four digits of the card',
      exp_month: 'Choose the expiry month',
      exp_year: 'Enter the four-digit expiry year',
    })
  })
})
