import { GIB } from '@/lib/constants'
import { OVERAGE_PRICES_USD, PLAN_QUOTAS, type PlanId, type QuotaKey } from '@/lib/catalogue/plans'
import type { Db } from '../db/types'
import type { MetricUsage as ApiMetricUsage, OrganizationUsage } from '@/lib/api-types/billing'
import { organizationDatabaseSize } from './database-size'
import { readMeteredUsage } from './metering'
import { readRealtimeUsage } from './realtime-metering'
import { organizationStorageSize } from './storage-size'
import { readImageTransforms } from './transform-metering'
import { readFunctionInvocations } from './function-metering'

export const USAGE_METRICS = [
  'DATABASE_SIZE',
  'EGRESS',
  'CACHED_EGRESS',
  'STORAGE_SIZE',
  'MONTHLY_ACTIVE_USERS',
  'FUNCTION_INVOCATIONS',
  'REALTIME_PEAK_CONNECTIONS',
  'REALTIME_MESSAGE_COUNT',
  'STORAGE_IMAGES_TRANSFORMED',
] as const
export type UsageMetric = (typeof USAGE_METRICS)[number]

type MetricDefinition = {
  name: string
  unit: 'bytes' | 'count'
  quotaKey: QuotaKey
  /** Price beyond the quota on paid plans: `price` USD per `unitSize` units. */
  pricing: { price: number; unitSize: number; unitLabel: string }
}

/** spec §9: what each metric measures, its quota key and its overage price. */
export const METRIC_DEFINITIONS: Record<UsageMetric, MetricDefinition> = {
  DATABASE_SIZE: { name: 'Database size', unit: 'bytes', quotaKey: 'databaseSizeBytes', pricing: { price: OVERAGE_PRICES_USD.diskGb, unitSize: GIB, unitLabel: 'GB' } },
  EGRESS: { name: 'Egress', unit: 'bytes', quotaKey: 'egressBytes', pricing: { price: OVERAGE_PRICES_USD.egressGb, unitSize: GIB, unitLabel: 'GB' } },
  CACHED_EGRESS: { name: 'Cached egress', unit: 'bytes', quotaKey: 'cachedEgressBytes', pricing: { price: OVERAGE_PRICES_USD.cachedEgressGb, unitSize: GIB, unitLabel: 'GB' } },
  STORAGE_SIZE: { name: 'Storage size', unit: 'bytes', quotaKey: 'storageBytes', pricing: { price: OVERAGE_PRICES_USD.storageGb, unitSize: GIB, unitLabel: 'GB' } },
  MONTHLY_ACTIVE_USERS: { name: 'Monthly active users', unit: 'count', quotaKey: 'mau', pricing: { price: OVERAGE_PRICES_USD.mau, unitSize: 1, unitLabel: 'MAU' } },
  FUNCTION_INVOCATIONS: {
    name: 'Edge function invocations',
    unit: 'count',
    quotaKey: 'functionInvocations',
    pricing: { price: OVERAGE_PRICES_USD.functionInvocationsPerMillion, unitSize: 1_000_000, unitLabel: 'million invocations' },
  },
  REALTIME_PEAK_CONNECTIONS: {
    name: 'Realtime peak connections',
    unit: 'count',
    quotaKey: 'realtimePeakConnections',
    pricing: { price: OVERAGE_PRICES_USD.realtimePeakConnectionsPer1000, unitSize: 1_000, unitLabel: '1,000 peak connections' },
  },
  REALTIME_MESSAGE_COUNT: {
    name: 'Realtime messages',
    unit: 'count',
    quotaKey: 'realtimeMessages',
    pricing: { price: OVERAGE_PRICES_USD.realtimeMessagesPerMillion, unitSize: 1_000_000, unitLabel: 'million messages' },
  },
  STORAGE_IMAGES_TRANSFORMED: {
    name: 'Storage image transformations',
    unit: 'count',
    quotaKey: 'storageImagesTransformed',
    pricing: { price: OVERAGE_PRICES_USD.imageTransformationsPer1000, unitSize: 1_000, unitLabel: '1,000 origin images' },
  },
}

/**
 * Stored usage figures (`platform.org_usage`): only the demo seed (and tests, as an admin would)
 * writes them, so a stored figure is demo history. Metrics without one are absent.
 */
export async function readStoredUsage(db: Db, organizationId: number): Promise<Partial<Record<UsageMetric, number>>> {
  const { rows } = await db.query<{ metric: UsageMetric; usage: number | string }>(
    'select metric, usage from platform.org_usage where organization_id = $1',
    [organizationId]
  )
  return Object.fromEntries(rows.map((r) => [r.metric, Number(r.usage)]))
}

/** The metrics the platform measures from the organization's projects in `period` (migrations 013, 018, 021). */
async function measuredUsage(db: Db, organizationId: number, period: { start: Date; end: Date }): Promise<Partial<Record<UsageMetric, number>>> {
  const [size, metered, storage, realtime, transforms, invocations] = await Promise.all([
    organizationDatabaseSize(db, organizationId),
    readMeteredUsage(db, organizationId, period),
    organizationStorageSize(db, organizationId),
    readRealtimeUsage(db, organizationId, period),
    readImageTransforms(db, organizationId, period),
    readFunctionInvocations(db, organizationId, period),
  ])
  return {
    DATABASE_SIZE: size,
    EGRESS: metered.egress,
    MONTHLY_ACTIVE_USERS: metered.mau,
    STORAGE_SIZE: storage,
    REALTIME_MESSAGE_COUNT: realtime.messages,
    REALTIME_PEAK_CONNECTIONS: realtime.peak,
    STORAGE_IMAGES_TRANSFORMED: transforms,
    FUNCTION_INVOCATIONS: invocations,
  }
}

/** Sets a stored (demo) usage figure: the seed and tests use it; users never write usage. */
export async function setUsage(db: Db, organizationId: number, metric: UsageMetric, usage: number): Promise<void> {
  await db.query(
    `insert into platform.org_usage (organization_id, metric, usage) values ($1, $2, $3)
     on conflict (organization_id, metric) do update set usage = excluded.usage, updated_at = now()`,
    [organizationId, metric, Math.max(0, Math.round(usage))]
  )
}

/** Whether usage beyond the quota is billed (paid plans) or capped at the quota (Free). */
export function usageBillingEnabled(planId: PlanId): boolean {
  return planId !== 'free'
}

export type MetricUsage = ApiMetricUsage & { metric: UsageMetric }

/** One metric's usage against the plan's quota. */
export function describeMetric(metric: UsageMetric, usage: number, planId: PlanId, seeded: number | null = null): MetricUsage {
  const def = METRIC_DEFINITIONS[metric]
  const quota = PLAN_QUOTAS[planId][def.quotaKey]
  const billed = usageBillingEnabled(planId) && quota !== null
  const over = quota === null ? 0 : Math.max(0, usage - quota)
  return {
    metric,
    name: def.name,
    unit: def.unit,
    usage,
    quota,
    usage_ratio: quota === null || quota === 0 ? null : usage / quota,
    exceeded: quota !== null && usage > quota,
    capped: !usageBillingEnabled(planId),
    pricing: billed ? { price_usd: def.pricing.price, per_units: def.pricing.unitSize, unit_label: def.pricing.unitLabel } : null,
    overage_cost: billed ? Math.round((over / def.pricing.unitSize) * def.pricing.price * 100) : 0,
    source: seeded === null ? 'measured' : 'demo',
    seeded_usage: seeded,
  }
}

/**
 * Usage of every metric for an organization (GET .../usage): what its projects measured this
 * period (database size, egress, monthly active users, storage size, realtime messages and peak
 * connections, origin images transformed, function invocations); a figure the demo seed stored is
 * given apart (`seeded_usage`, source `demo`), never added in.
 */
export async function getOrganizationUsage(
  db: Db,
  org: { id: number; plan_id: PlanId },
  period: { start: Date; end: Date }
): Promise<OrganizationUsage & { usages: MetricUsage[] }> {
  const [stored, measured] = await Promise.all([readStoredUsage(db, org.id), measuredUsage(db, org.id, period)])
  const describe = (m: UsageMetric) => {
    const seeded = stored[m]
    return describeMetric(m, measured[m] ?? 0, org.plan_id, seeded === undefined ? null : seeded)
  }
  return {
    plan: { id: org.plan_id },
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    usage_billing_enabled: usageBillingEnabled(org.plan_id),
    usages: USAGE_METRICS.map(describe),
  }
}
