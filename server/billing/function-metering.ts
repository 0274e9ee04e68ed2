import { armBatchTimer, flushStoreBatches, pendingFor, type StoreBatches } from '../db/batches'
import type { Db } from '../db/types'
import { METERING_FLUSH_INTERVAL_MS } from './metering'
import { currentBillingPeriod } from './periods'

/**
 * Edge Function invocations per project and billing period (migration 021), counted in memory and
 * added in batches like the project API's egress (metering.ts): the request never waits, every
 * instance adds its own count to the shared row.
 */

type State = StoreBatches<Map<string, number>>
const g = globalThis as typeof globalThis & { __functionMetering?: State }
const state: State = (g.__functionMetering ??= { pending: new Map(), timer: null, flushing: Promise.resolve() })

/** Counts one invocation of a function of `ref`; returns at once. */
export function recordFunctionInvocation(ref: string): void {
  const counts = pendingFor(state, () => new Map<string, number>())
  counts.set(ref, (counts.get(ref) ?? 0) + 1)
  armBatchTimer(state, METERING_FLUSH_INTERVAL_MS, flushFunctionMetering)
}

/** Writes everything waiting now (tests call it; the timer otherwise). Never throws. */
export function flushFunctionMetering(): Promise<void> {
  return flushStoreBatches(state, 'function metering', writeBatch)
}

async function writeBatch(db: Db, counts: Map<string, number>): Promise<void> {
  const now = new Date()
  if (counts.size === 0) return
  const { rows } = await db.query<{ ref: string; id: number; anchor: string | Date }>(
    `select p.ref, p.id, o.billing_cycle_anchor as anchor
       from platform.projects p join platform.organizations o on o.id = p.organization_id
      where p.ref = any($1::text[])`,
    [[...counts.keys()]]
  )
  const usage = rows.map((r) => ({ project_id: Number(r.id), period_start: currentBillingPeriod(r.anchor, now).start.toISOString(), n: counts.get(r.ref) ?? 0 }))
  if (usage.length === 0) return
  await db.query(
    `insert into platform.project_function_invocations as u (project_id, period_start, invocations)
     select r.project_id, r.period_start, r.n from jsonb_to_recordset($1::jsonb) as r(project_id bigint, period_start timestamptz, n bigint)
     on conflict (project_id, period_start) do update set invocations = u.invocations + excluded.invocations, updated_at = now()`,
    [JSON.stringify(usage)]
  )
}

/** An organization's function invocations in a period. */
export async function readFunctionInvocations(db: Db, organizationId: number, period: { start: Date; end: Date }): Promise<number> {
  const { rows } = await db.query<{ n: string | number | null }>(
    `select sum(u.invocations) as n from platform.project_function_invocations u join platform.projects p on p.id = u.project_id
      where p.organization_id = $1 and u.period_start >= $2 and u.period_start < $3`,
    [organizationId, period.start.toISOString(), period.end.toISOString()]
  )
  return Number(rows[0]?.n ?? 0)
}
