import { z } from 'zod'
import { PLAN_IDS, PLAN_TIERS, findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import { auditOrg, type OrganizationRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest } from '../http/errors'
import { toIso } from '../organizations/serialize'
import { asBillingOrganization, type BillingOrganizationRow } from './billing-org'
import { insertInvoice, type InvoiceLine } from './invoices'
import { currentBillingPeriod, remainingFraction } from './periods'
import { planChangeRefusal, planIdOfTier } from './plan-rules'
import { planPriceCents } from './upcoming'
import { usageBillingEnabled } from './usage'
import type { PlanChangeBody, Subscription, SubscriptionPreview } from '@/lib/api-types/billing'

const TIER_IDS = PLAN_TIERS.map((t) => t.id) as [string, ...string[]]

/** `{ tier: 'tier_pro' }` or `{ plan_id: 'pro' }`: exactly one of them. */
export const planChangeBody = z
  .strictObject({
    tier: z.enum(TIER_IDS, `must be one of ${TIER_IDS.join(', ')}`).optional(),
    plan_id: z.enum(PLAN_IDS, `must be one of ${PLAN_IDS.join(', ')}`).optional(),
  })
  .refine((b) => (b.tier === undefined) !== (b.plan_id === undefined), 'give either tier or plan_id (exactly one)')
  .transform((b): PlanId => (b.tier ? (planIdOfTier(b.tier) as PlanId) : (b.plan_id as PlanId))) satisfies z.ZodType<PlanId, PlanChangeBody>

const planRef = (id: PlanId) => ({ id, name: findPlanTier(id).name })

/** The organization's subscription (GET .../billing/subscription). */
export async function getSubscription(db: Db, row: OrganizationRow, now = new Date()): Promise<Subscription> {
  const org = asBillingOrganization(row)
  const period = currentBillingPeriod(org.billing_cycle_anchor, now)
  const { rows } = await db.query<{ id: number }>(
    'select id from platform.payment_methods where organization_id = $1 and is_default',
    [org.id]
  )
  return {
    plan: planRef(org.plan_id),
    tier: findPlanTier(org.plan_id).id,
    price_monthly: findPlanTier(org.plan_id).priceMonthly,
    billing_cycle_anchor: toIso(org.billing_cycle_anchor),
    current_period_start: period.start.toISOString(),
    current_period_end: period.end.toISOString(),
    next_invoice_at: period.end.toISOString(),
    usage_billing_enabled: usageBillingEnabled(org.plan_id),
    billing_partner: org.billing_partner,
    billing_via_partner: org.billing_partner !== null,
    default_payment_method_id: rows[0]?.id ?? null,
    addons: [],
  }
}

/** What moving to `target` costs now: upgrades pay the price difference for the rest of the period. */
function proration(org: BillingOrganizationRow, target: PlanId, now: Date) {
  const period = currentBillingPeriod(org.billing_cycle_anchor, now)
  const from = planPriceCents(org.plan_id) ?? 0
  const to = planPriceCents(target) ?? 0
  const amount = Math.max(0, Math.round((to - from) * remainingFraction(period, now)))
  const lines: InvoiceLine[] =
    amount > 0
      ? [{ description: `${findPlanTier(target).name} plan, prorated until ${period.end.toISOString().slice(0, 10)} (replaces ${findPlanTier(org.plan_id).name})`, amount }]
      : []
  return { period, amount, lines }
}

/** POST .../billing/subscription/preview: the effect of a change, and whether the rules allow it. */
export async function previewPlanChange(db: Db, row: OrganizationRow, target: PlanId, now = new Date()): Promise<SubscriptionPreview> {
  const org = asBillingOrganization(row)
  const refusal = await planChangeRefusal(db, org, target)
  const { period, amount, lines } = proration(org, target, now)
  const from = planPriceCents(org.plan_id)
  const to = planPriceCents(target)
  return {
    current_plan: planRef(org.plan_id),
    target_plan: planRef(target),
    change: target === org.plan_id ? 'none' : PLAN_IDS.indexOf(target) > PLAN_IDS.indexOf(org.plan_id) ? 'upgrade' : 'downgrade',
    allowed: refusal === null,
    refusal_reason: refusal,
    currency: 'usd',
    // Downgrades take effect at once without a refund for the rest of the period.
    amount_due_today: refusal === null ? amount : 0,
    lines: refusal === null ? lines : [],
    next_invoice_base_amount: to,
    current_base_amount: from,
    current_period_start: period.start.toISOString(),
    current_period_end: period.end.toISOString(),
  }
}

/**
 * PUT .../billing/subscription: changes the plan under the rules of spec §9 (400 naming the
 * rule otherwise). An upgrade records a paid invoice for the prorated difference (no card is
 * charged: the embedded platform processes no payment); every change writes an audit entry.
 */
export async function changePlan(db: Db, caller: Caller, row: OrganizationRow, target: PlanId, now = new Date()) {
  const result = await db.transaction(async (tx) => {
    // Lock the organization: two changes at once must not both pass the rules.
    const locked = await tx.query<BillingOrganizationRow>('select * from platform.organizations where id = $1 for update', [row.id])
    const org = asBillingOrganization(locked.rows[0])
    if (target === org.plan_id) return org
    const refusal = await planChangeRefusal(tx, org, target)
    if (refusal) throw badRequest(refusal)
    const { period, amount, lines } = proration(org, target, now)
    let invoiceId: number | null = null
    if (amount > 0) {
      invoiceId = await insertInvoice(tx, { organizationId: org.id, status: 'paid', lines, periodStart: now, periodEnd: period.end })
    }
    const { rows } = await tx.query<BillingOrganizationRow>(
      'update platform.organizations set plan_id = $2 where id = $1 returning *',
      [org.id, target]
    )
    await auditOrg(tx, caller, org.id, 'billing.plan_changed', org.slug, { from: org.plan_id, to: target, amount_due_today: amount, invoice_id: invoiceId })
    return rows[0]
  })
  return getSubscription(db, result, now)
}
