import { computeMonthlyPrice, findComputeSize } from '@/lib/catalogue/compute-sizes'
import { PRO_COMPUTE_CREDITS_USD, findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import type { BillingOrganizationRow } from './billing-org'
import type { Db } from '../db/types'
import { INACTIVE_STATUSES } from '../projects/limits'
import type { InvoiceLine } from './invoices'
import { currentBillingPeriod } from './periods'
import { getOrganizationUsage } from './usage'
import type { UpcomingInvoice } from '@/lib/api-types/billing'

const cents = (usd: number) => Math.round(usd * 100)

/** Base price of a plan in cents; null when negotiated (Enterprise). */
export function planPriceCents(planId: PlanId): number | null {
  const price = findPlanTier(planId).priceMonthly
  return price === null ? null : cents(price)
}

/** Monthly compute of the organization's running projects, in cents (paid plans only). */
async function computeLines(db: Db, org: BillingOrganizationRow): Promise<InvoiceLine[]> {
  if (org.plan_id === 'free') return []
  const { rows } = await db.query<{ compute_size: string; n: number }>(
    `select compute_size, count(*)::int as n from platform.projects
      where organization_id = $1 and status <> all($2::text[])
      group by compute_size order by compute_size`,
    [org.id, [...INACTIVE_STATUSES]]
  )
  const lines: InvoiceLine[] = []
  for (const r of rows) {
    const size = findComputeSize(r.compute_size)
    if (!size) continue
    const unit = cents(computeMonthlyPrice(size))
    lines.push({ description: `Compute ${size.name} (${r.n} project${r.n === 1 ? '' : 's'})`, quantity: r.n, unit_price: unit, amount: unit * r.n })
  }
  const computeTotal = lines.reduce((s, l) => s + l.amount, 0)
  // spec §9: paid plans include compute credits, never more than the compute used.
  const credit = Math.min(cents(PRO_COMPUTE_CREDITS_USD), computeTotal)
  if (credit > 0) lines.push({ description: 'Compute credits', amount: -credit })
  return lines
}

/**
 * The invoice the current period will end with: plan price, compute, and usage above the
 * quota at the plan catalogue's prices (spec §9). Amounts are integer cents.
 */
export async function computeUpcomingInvoice(db: Db, org: BillingOrganizationRow, now = new Date()): Promise<UpcomingInvoice> {
  const period = currentBillingPeriod(org.billing_cycle_anchor, now)
  const tier = findPlanTier(org.plan_id)
  const base = planPriceCents(org.plan_id)
  const lines: InvoiceLine[] = [
    {
      description: base === null ? `${tier.name} plan (billed per contract)` : `${tier.name} plan`,
      amount: base ?? 0,
      quantity: 1,
      unit_price: base ?? 0,
    },
    ...(await computeLines(db, org)),
  ]
  const usage = await getOrganizationUsage(db, org, period)
  for (const u of usage.usages) {
    if (u.overage_cost > 0 && u.pricing && u.quota !== null) {
      lines.push({ description: `${u.name} over quota`, metric: u.metric, quantity: u.usage - u.quota, amount: u.overage_cost })
    }
  }
  const total = lines.reduce((s, l) => s + l.amount, 0)
  return {
    organization_id: org.id,
    status: 'upcoming',
    currency: 'usd',
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    next_payment_attempt: period.end.toISOString(),
    lines,
    subtotal: total,
    total,
    amount_due: Math.max(0, total),
  }
}
