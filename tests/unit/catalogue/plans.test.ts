import { GIB, MIB } from '@/lib/constants'
import {
  OVERAGE_PRICES_USD,
  PLAN_IDS,
  PLAN_QUOTAS,
  PLAN_ROLES,
  PLAN_TIERS,
  PRO_COMPUTE_CREDITS_USD,
  findPlanTier,
  isPlanAtLeast,
  isPlanId,
  planTierHref,
} from '@/lib/catalogue/plans'

const TIER_FIELDS = [
  'id', 'planId', 'name', 'nameBadge', 'costUnit', 'href', 'priceLabel', 'priceMonthly',
  'description', 'preface', 'features', 'footer', 'cta', 'warning',
]

describe('plan tiers (spec §3, §9)', () => {
  it('has free, pro, team and enterprise, each with every tier field', () => {
    expect(PLAN_TIERS.map((tier) => tier.planId)).toEqual([...PLAN_IDS])
    for (const tier of PLAN_TIERS) expect(Object.keys(tier).sort()).toEqual([...TIER_FIELDS].sort())
  })

  it('prices the plans as the spec says', () => {
    expect(findPlanTier('free').priceMonthly).toBe(0)
    expect(findPlanTier('pro').priceMonthly).toBe(25)
    expect(findPlanTier('team').priceMonthly).toBe(599)
    expect(findPlanTier('enterprise').priceMonthly).toBeNull()
    expect(findPlanTier('enterprise').priceLabel).toBe('Custom')
    expect(PRO_COMPUTE_CREDITS_USD).toBe(10)
    expect(findPlanTier('pro').warning).toContain('$10')
  })

  it('lists the figures of the free and pro plans', () => {
    const text = (planId: 'free' | 'pro' | 'team') =>
      findPlanTier(planId).features.map((f) => `${f.text} ${f.overage ?? ''}`).join('\n')
    const free = text('free')
    for (const figure of ['50,000', '500 MB', '5 GB egress', '5 GB cached egress', '1 GB', 'Community support']) {
      expect(free).toContain(figure)
    }
    expect(findPlanTier('free').footer).toMatch(/1 week of inactivity.*2 active projects/)
    const pro = text('pro')
    for (const figure of ['100,000', '$0.00325', '8 GB', '$0.125', '250 GB egress', '$0.09', '250 GB cached egress', '$0.03', '100 GB', '$0.021', '7 days', '7-day log', 'Email support']) {
      expect(pro).toContain(figure)
    }
    const team = text('team')
    for (const figure of ['14 days', '28-day log', 'SOC2', 'SSO', 'Priority']) expect(team).toContain(figure)
  })

  it('builds new-project links with the plan parameter', () => {
    expect(planTierHref(findPlanTier('pro'), 'acme')).toBe('/new/acme?plan=pro')
    expect(planTierHref(findPlanTier('free'), 'a b')).toBe('/new/a%20b?plan=free')
  })

  it('orders plans and recognises ids', () => {
    expect(isPlanAtLeast('team', 'team')).toBe(true)
    expect(isPlanAtLeast('enterprise', 'team')).toBe(true)
    expect(isPlanAtLeast('pro', 'team')).toBe(false)
    expect(isPlanId('pro')).toBe(true)
    expect(isPlanId('gold')).toBe(false)
  })
})

describe('plan quotas', () => {
  it('gives the free plan its quotas in bytes and counts', () => {
    expect(PLAN_QUOTAS.free).toEqual({
      mau: 50_000,
      databaseSizeBytes: 500 * MIB,
      egressBytes: 5 * GIB,
      cachedEgressBytes: 5 * GIB,
      storageBytes: GIB,
      functionInvocations: 500_000,
      realtimePeakConnections: 200,
      realtimeMessages: 2_000_000,
      storageImagesTransformed: 0,
    })
  })

  it('gives paid plans the larger quotas and enterprise none', () => {
    expect(PLAN_QUOTAS.pro.mau).toBe(100_000)
    expect(PLAN_QUOTAS.pro.databaseSizeBytes).toBe(8 * GIB)
    expect(PLAN_QUOTAS.team.storageBytes).toBe(100 * GIB)
    expect(PLAN_QUOTAS.team.functionInvocations).toBe(2_000_000)
    expect(PLAN_QUOTAS.pro.realtimePeakConnections).toBe(500)
    expect(PLAN_QUOTAS.pro.realtimeMessages).toBe(5_000_000)
    expect(PLAN_QUOTAS.team.storageImagesTransformed).toBe(100)
    expect(Object.values(PLAN_QUOTAS.enterprise).every((value) => value === null)).toBe(true)
  })

  it('prices overage as the spec says', () => {
    expect(OVERAGE_PRICES_USD).toMatchObject({
      mau: 0.00325,
      diskGb: 0.125,
      egressGb: 0.09,
      cachedEgressGb: 0.03,
      storageGb: 0.021,
      functionInvocationsPerMillion: 2,
      realtimePeakConnectionsPer1000: 10,
      realtimeMessagesPerMillion: 2.5,
      imageTransformationsPer1000: 5,
    })
  })
})

describe('plan roles (spec §6)', () => {
  it('grows the role set with the plan', () => {
    expect(PLAN_ROLES.free.roles).toEqual(['Owner', 'Admin', 'Developer'])
    expect(PLAN_ROLES.pro.roles).toEqual(['Owner', 'Admin', 'Developer'])
    expect(PLAN_ROLES.team.roles).toEqual(['Owner', 'Admin', 'Developer', 'Read-only'])
    expect(PLAN_ROLES.free.projectScopedRoles).toBe('none')
    expect(PLAN_ROLES.team.projectScopedRoles).toBe('predefined')
    expect(PLAN_ROLES.enterprise.projectScopedRoles).toBe('custom')
  })
})
