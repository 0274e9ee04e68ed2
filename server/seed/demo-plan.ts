import type { PlanId } from '@/lib/catalogue/plans'
import type { RestrictionStatus } from '../organizations/restriction'
import type { UsageMetric } from '../billing/usage'

/** The demo account's address; its password is generated at each seed unless one is given. */
export const DEMO_EMAIL = 'demo@example.com'

export type DemoProject = {
  name: string
  /** 'paused' pauses it once healthy; 'failed' is a row whose provisioning failed. */
  state?: 'active' | 'paused' | 'failed'
  branch?: string
  /** Holds the demo app (seed/demo-app.ts): tables, rows, policies, a function, project users. */
  app?: boolean
}

export type DemoOrganization = {
  name: string
  plan: Exclude<PlanId, 'enterprise'>
  /** Billing address line1; null leaves the address missing (spec §5 missing billing rule). */
  address: string | null
  restriction?: { status: RestrictionStatus; graceDays?: number }
  partner?: 'vercel_marketplace' | 'aws'
  requiresMfa?: boolean
  overdueInvoice?: boolean
  usage?: Partial<Record<UsageMetric, number>>
  projects?: DemoProject[]
}

const GB = 1024 ** 3

/** Organizations that together show every state the dashboard renders (issue 3, demo data). */
export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    name: 'Demo Free',
    plan: 'free',
    address: null,
    usage: { DATABASE_SIZE: 0.2 * GB, EGRESS: 4.1 * GB, MONTHLY_ACTIVE_USERS: 12_400 },
    projects: [{ name: 'Hobby app', app: true }, { name: 'Weekend prototype', state: 'paused' }],
  },
  {
    name: 'Demo Pro',
    plan: 'pro',
    address: '1 Harbour Street',
    usage: { DATABASE_SIZE: 3.1 * GB, EGRESS: 190 * GB, STORAGE_SIZE: 42 * GB, MONTHLY_ACTIVE_USERS: 81_000 },
    projects: [{ name: 'Storefront', branch: 'feature-checkout' }, { name: 'Broken import', state: 'failed' }],
  },
  {
    name: 'Demo Team',
    plan: 'team',
    address: '200 Market Road',
    overdueInvoice: true,
    usage: { EGRESS: 310 * GB, FUNCTION_INVOCATIONS: 2_400_000 },
  },
  { name: 'Demo Grace Period', plan: 'pro', address: '5 Quay Lane', restriction: { status: 'grace_period', graceDays: 12 }, usage: { EGRESS: 280 * GB } },
  { name: 'Demo Grace Period Over', plan: 'pro', address: '7 Quay Lane', restriction: { status: 'grace_period_over' } },
  { name: 'Demo Restricted', plan: 'pro', address: '9 Quay Lane', restriction: { status: 'restricted' } },
  { name: 'Demo Missing Billing', plan: 'pro', address: null },
  { name: 'Demo Marketplace', plan: 'pro', address: null, partner: 'vercel_marketplace' },
  { name: 'Demo MFA Required', plan: 'pro', address: '11 Quay Lane', requiresMfa: true },
]
