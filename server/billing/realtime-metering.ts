import { armBatchTimer, flushStoreBatches, pendingFor as pendingOf, type StoreBatches } from '../db/batches'
import type { Db } from '../db/types'
import { METERING_FLUSH_INTERVAL_MS } from './metering'
import { currentBillingPeriod } from './periods'

/**
 * Realtime metering (migration 018): the messages a project's realtime connections carried (to
 * and from clients, heartbeats aside) and its peak of concurrent connections, queued in memory and
 * written in batches like the project API's egress (metering.ts). Messages are added; the peak is
 * the most one instance held at once (instances do not add theirs up: each raises the stored
 * figure to its own when higher).
 */

type Pending = { messages: Map<string, number>; peaks: Map<string, number> }
type State = StoreBatches<Pending>

const g = globalThis as typeof globalThis & { __realtimeMetering?: State }
const state: State = (g.__realtimeMetering ??= { pending: new Map(), timer: null, flushing: Promise.resolve() })

const pendingFor = (): Pending => pendingOf(state, () => ({ messages: new Map(), peaks: new Map() }))

const schedule = () => armBatchTimer(state, METERING_FLUSH_INTERVAL_MS, flushRealtimeMetering)

/** Adds `n` realtime messages of `ref`; returns at once. */
export function recordRealtimeMessages(ref: string, n = 1): void {
  const { messages } = pendingFor()
  messages.set(ref, (messages.get(ref) ?? 0) + n)
  schedule()
}

/** Notes `connections` concurrent realtime connections of `ref` on this instance now. */
export function recordRealtimeConnections(ref: string, connections: number): void {
  const { peaks } = pendingFor()
  if ((peaks.get(ref) ?? 0) >= connections) return
  peaks.set(ref, connections)
  schedule()
}

/** Writes everything waiting now (tests call it; the timer otherwise). Never throws. */
export function flushRealtimeMetering(): Promise<void> {
  return flushStoreBatches(state, 'realtime metering', (db, pending) => writeBatch(db, pending))
}

async function writeBatch(db: Db, pending: Pending, now = new Date()): Promise<void> {
  const refs = [...new Set([...pending.messages.keys(), ...pending.peaks.keys()])]
  if (refs.length === 0) return
  const { rows } = await db.query<{ ref: string; id: number; anchor: string | Date }>(
    `select p.ref, p.id, o.billing_cycle_anchor as anchor
       from platform.projects p join platform.organizations o on o.id = p.organization_id
      where p.ref = any($1::text[])`,
    [refs]
  )
  const usage = rows.map((r) => ({
    project_id: Number(r.id),
    period_start: currentBillingPeriod(r.anchor, now).start.toISOString(),
    messages: pending.messages.get(r.ref) ?? 0,
    peak: pending.peaks.get(r.ref) ?? 0,
  }))
  if (usage.length === 0) return
  await db.query(
    `insert into platform.project_realtime_usage as u (project_id, period_start, messages, peak_connections)
     select r.project_id, r.period_start, r.messages, r.peak
       from jsonb_to_recordset($1::jsonb) as r(project_id bigint, period_start timestamptz, messages bigint, peak integer)
     on conflict (project_id, period_start) do update
       set messages = u.messages + excluded.messages, peak_connections = greatest(u.peak_connections, excluded.peak_connections), updated_at = now()`,
    [JSON.stringify(usage)]
  )
}

/** An organization's realtime messages (summed) and peak connections (its busiest project's) in a period. */
export async function readRealtimeUsage(db: Db, organizationId: number, period: { start: Date; end: Date }): Promise<{ messages: number; peak: number }> {
  const { rows } = await db.query<{ messages: string | number | null; peak: string | number | null }>(
    `select sum(u.messages) as messages, max(u.peak_connections) as peak
       from platform.project_realtime_usage u join platform.projects p on p.id = u.project_id
      where p.organization_id = $1 and u.period_start >= $2 and u.period_start < $3`,
    [organizationId, period.start.toISOString(), period.end.toISOString()]
  )
  return { messages: Number(rows[0]?.messages ?? 0), peak: Number(rows[0]?.peak ?? 0) }
}
