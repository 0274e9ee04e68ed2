import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { http, HttpResponse, type JsonBodyType } from 'msw'
import { Toaster } from 'sonner'
import { BillingScreen } from '@/components/interfaces/Billing/BillingScreen'
import type { Organization } from '@/data/organizations/organizations-query'
import { PLAN_QUOTAS, findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import { parseConfig, toPublicConfig } from '@/lib/config'
import type { PermissionEntry } from '@/lib/permissions'
import { server } from '@/tests/msw-server'

export const SLUG = 'acme'
const ORG = `*/platform/organizations/${SLUG}`

/** An organization as the platform sends it; `role` may be any string, as the tests' parameters are. */
export function organization(overrides: Partial<Omit<Organization, 'role'>> & { role?: string } = {}): Organization {
  const role = (overrides.role ?? 'Owner') as Organization['role']
  return {
    id: 1,
    slug: SLUG,
    name: 'Acme',
    plan: { id: 'pro', name: 'Pro' },
    billing_email: 'billing@acme.test',
    billing_partner: null,
    restriction_status: null,
    restriction_data: null,
    organization_requires_mfa: false,
    opt_in_tags: [],
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
    role,
    is_owner: role === 'Owner',
  }
}

const entry = (actions: string[], resources: string[], restrictive = false): PermissionEntry => ({
  organization_slug: SLUG,
  actions,
  resources,
  project_refs: null,
  condition: null,
  restrictive,
})

/** What the platform gives Owners and Admins. */
export const OWNER_PERMISSIONS = [entry(['%'], ['%'])]
/** What the platform gives Developers: everything but billing writes. */
export const DEVELOPER_PERMISSIONS = [
  entry(['%'], ['%']),
  entry(['billing:Write'], ['%'], true),
  entry(['write:%'], ['organizations', 'user_invites', 'stripe.%', 'invoices'], true),
]

export function subscription(planId: PlanId = 'pro', partner: string | null = null) {
  const tier = findPlanTier(planId)
  return {
    plan: { id: planId, name: tier.name },
    tier: tier.id,
    price_monthly: tier.priceMonthly,
    billing_cycle_anchor: '2025-05-01T00:00:00.000Z',
    current_period_start: '2025-05-01T00:00:00.000Z',
    current_period_end: '2025-06-01T00:00:00.000Z',
    next_invoice_at: '2025-06-01T00:00:00.000Z',
    usage_billing_enabled: planId !== 'free',
    billing_partner: partner,
    billing_via_partner: partner !== null,
    default_payment_method_id: null,
  }
}

export function metric(
  name: string,
  usage: number,
  quota: number | null,
  unit: 'bytes' | 'count' = 'count',
  metricId = name.toUpperCase().replace(/\W+/g, '_'),
  source: 'measured' | 'demo' = 'measured',
  seeded: number | null = source === 'demo' ? 190 * 1024 ** 3 : null
) {
  return {
    metric: metricId,
    name,
    unit,
    usage,
    quota,
    usage_ratio: quota ? usage / quota : null,
    exceeded: quota !== null && usage > quota,
    capped: false,
    pricing: null,
    overage_cost: 0,
    source,
    seeded_usage: seeded,
  }
}

export function usageBody(planId: PlanId = 'pro', usages = [metric('Monthly active users', 1_000, PLAN_QUOTAS[planId].mau)]) {
  return {
    plan: { id: planId },
    period_start: '2025-05-01T00:00:00.000Z',
    period_end: '2025-06-01T00:00:00.000Z',
    usage_billing_enabled: planId !== 'free',
    usages,
  }
}

export function invoice(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    organization_id: 1,
    number: `INV-${String(id).padStart(6, '0')}`,
    status: 'paid',
    currency: 'usd',
    subtotal: 2500,
    total: 2500,
    amount_due: 2500,
    amount_paid: 2500,
    period_start: '2025-04-01T00:00:00.000Z',
    period_end: '2025-05-01T00:00:00.000Z',
    due_date: null,
    created_at: '2025-05-01T12:00:00.000Z',
    lines: [{ description: 'Pro plan', amount: 2500 }],
    overdue: false,
    ...overrides,
  }
}

export const UPCOMING = {
  organization_id: 1,
  status: 'upcoming',
  currency: 'usd',
  period_start: '2025-05-01T00:00:00.000Z',
  period_end: '2025-06-01T00:00:00.000Z',
  next_payment_attempt: '2025-06-01T00:00:00.000Z',
  lines: [
    { description: 'Pro plan', amount: 2500, quantity: 1, unit_price: 2500 },
    { description: 'Compute Micro (1 project)', amount: 1000 },
    { description: 'Compute credits', amount: -1000 },
  ],
  subtotal: 2500,
  total: 2500,
  amount_due: 2500,
}

export type BillingFixture = {
  organization?: Organization
  permissions?: PermissionEntry[]
  subscription?: JsonBodyType
  usage?: JsonBodyType
  customer?: JsonBodyType
  taxIds?: JsonBodyType
  paymentMethods?: JsonBodyType
  invoices?: JsonBodyType[]
  invoiceCount?: number
  upcoming?: JsonBodyType
}

/** Answers every read of the billing page; a test adds its own handlers for writes. */
export function answerBillingReads(fixture: BillingFixture = {}) {
  const org = fixture.organization ?? organization()
  const planId = org.plan.id
  const invoices = fixture.invoices ?? [invoice(1)]
  const requests: string[] = []
  server.events.on('request:start', ({ request }) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`)
  })
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([org])),
    http.get('*/platform/profile/permissions', () => HttpResponse.json(fixture.permissions ?? OWNER_PERMISSIONS)),
    http.get(`${ORG}/billing/subscription`, () => HttpResponse.json(fixture.subscription ?? subscription(planId, org.billing_partner))),
    http.get(`${ORG}/usage`, () => HttpResponse.json(fixture.usage ?? usageBody(planId))),
    http.get(`${ORG}/customer`, () => HttpResponse.json(fixture.customer ?? { address: null, email: org.billing_email, name: null })),
    http.get(`${ORG}/tax-ids`, () => HttpResponse.json(fixture.taxIds ?? [])),
    http.get(`${ORG}/payment-methods`, () =>
      HttpResponse.json(fixture.paymentMethods ?? { data: [], defaultPaymentMethodId: null, note: 'Stored records only.' })
    ),
    http.get(`${ORG}/billing/invoices/count`, () => HttpResponse.json({ count: fixture.invoiceCount ?? invoices.length })),
    http.get(`${ORG}/billing/invoices/upcoming`, () => HttpResponse.json(fixture.upcoming ?? UPCOMING)),
    http.get(`${ORG}/billing/invoices`, () => HttpResponse.json(invoices))
  )
  return requests
}

/** Renders the billing screen of `acme` in the given mode, with a fresh cache and a toaster. */
export function renderBilling(env: Record<string, string> = {}) {
  window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({ IS_PLATFORM: 'true', ...env }))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <BillingScreen slug={SLUG} />
      <Toaster />
    </QueryClientProvider>
  )
}
