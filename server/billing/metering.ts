import { armBatchTimer, flushStoreBatches, pendingFor as pendingOf, type StoreBatches } from '../db/batches'
import type { Db } from '../db/types'
import { currentBillingPeriod } from './periods'

/**
 * Metering of the project API (migration 013): egress (bytes every answer sends) and monthly
 * active users (project users who signed up, signed in or refreshed). Both are queued in memory
 * and written in batches, off the request path, like the log recorder: egress as one added sum per
 * project and flush (never an UPDATE per request), active users as one row per user and period
 * (`on conflict do nothing`). The stored counters are shared by every instance; an instance keeps
 * only what it has not written yet. The period is the organization's billing period at the time
 * of the flush. A failed write is reported on the console and that batch is dropped, as for logs.
 */

export const METERING_FLUSH_INTERVAL_MS = 1_000
/** Beyond this many distinct waiting users (the store is down), new ones are dropped to bound memory. */
export const MAX_PENDING_USERS = 50_000

type Pending = { egress: Map<string, number>; users: Map<string, Set<string>> }

type MeteringState = StoreBatches<Pending> & { pendingUsers: number }

// One meter per process, on globalThis so that Next's module reloading keeps one buffer.
const g = globalThis as typeof globalThis & { __projectMetering?: MeteringState }
const state: MeteringState = (g.__projectMetering ??= { pending: new Map(), pendingUsers: 0, timer: null, flushing: Promise.resolve() })

const pendingFor = (): Pending => pendingOf(state, () => ({ egress: new Map(), users: new Map() }))

const schedule = () => armBatchTimer(state, METERING_FLUSH_INTERVAL_MS, flushMetering)

/** Adds `bytes` the project API of `ref` sent; returns at once. */
export function recordProjectEgress(ref: string, bytes: number): void {
  if (!Number.isFinite(bytes) || bytes <= 0) return
  const { egress } = pendingFor()
  egress.set(ref, (egress.get(ref) ?? 0) + Math.round(bytes))
  schedule()
}

/** Counts project user `userId` of `ref` as active in the current period (sign-up, sign-in, refresh); returns at once. */
export function recordProjectUserActive(ref: string, userId: string): void {
  if (!userId) return
  const { users } = pendingFor()
  let ids = users.get(ref)
  if (!ids) users.set(ref, (ids = new Set()))
  if (ids.has(userId)) return
  if (state.pendingUsers >= MAX_PENDING_USERS) return
  ids.add(userId)
  state.pendingUsers++
  schedule()
}

/** Writes everything waiting now (tests call it; the timer otherwise). Never throws. */
export function flushMetering(): Promise<void> {
  return flushStoreBatches(state, 'project metering', (db, pending) => writeBatch(db, pending), () => {
    state.pendingUsers = 0
  })
}


type ProjectPeriod = { ref: string; id: number; anchor: string | Date }

/** Each of `refs` that names a project: its id and the start of its organization's billing period at `now` (other refs are dropped). */
export async function projectPeriods(db: Db, refs: string[], now = new Date()): Promise<Map<string, { id: number; start: string }>> {
  const { rows } = await db.query<ProjectPeriod>(
    `select p.ref, p.id, o.billing_cycle_anchor as anchor
       from platform.projects p join platform.organizations o on o.id = p.organization_id
      where p.ref = any($1::text[])`,
    [refs]
  )
  return new Map(rows.map((r) => [r.ref, { id: Number(r.id), start: currentBillingPeriod(r.anchor, now).start.toISOString() }]))
}

async function writeBatch(db: Db, pending: Pending, now = new Date()): Promise<void> {
  const refs = [...new Set([...pending.egress.keys(), ...pending.users.keys()])]
  if (refs.length === 0) return
  // Refs that name no project (any path can name one) are dropped here.
  const periodOf = await projectPeriods(db, refs, now)
  const egress = [...pending.egress].flatMap(([ref, bytes]) => {
    const p = periodOf.get(ref)
    return p ? [{ project_id: p.id, period_start: p.start, bytes }] : []
  })
  const users = [...pending.users].flatMap(([ref, ids]) => {
    const p = periodOf.get(ref)
    return p ? [...ids].map((user_id) => ({ project_id: p.id, period_start: p.start, user_id })) : []
  })
  if (egress.length > 0) {
    await db.query(
      `insert into platform.project_egress as e (project_id, period_start, bytes)
       select r.project_id, r.period_start, r.bytes
         from jsonb_to_recordset($1::jsonb) as r(project_id bigint, period_start timestamptz, bytes bigint)
       on conflict (project_id, period_start) do update set bytes = e.bytes + excluded.bytes, updated_at = now()`,
      [JSON.stringify(egress)]
    )
  }
  if (users.length > 0) {
    await db.query(
      `insert into platform.project_active_users (project_id, period_start, user_id)
       select r.project_id, r.period_start, r.user_id
         from jsonb_to_recordset($1::jsonb) as r(project_id bigint, period_start timestamptz, user_id text)
       on conflict do nothing`,
      [JSON.stringify(users)]
    )
  }
}

/** An organization's metered egress bytes and monthly active users in the period starting `periodStart`. */
export async function readMeteredUsage(db: Db, organizationId: number, period: { start: Date; end: Date }): Promise<{ egress: number; mau: number }> {
  const { rows } = await db.query<{ egress: string | number | null; mau: string | number | null }>(
    `select
       (select sum(e.bytes) from platform.project_egress e join platform.projects p on p.id = e.project_id
         where p.organization_id = $1 and e.period_start >= $2 and e.period_start < $3) as egress,
       (select count(*) from platform.project_active_users u join platform.projects p on p.id = u.project_id
         where p.organization_id = $1 and u.period_start >= $2 and u.period_start < $3) as mau`,
    [organizationId, period.start.toISOString(), period.end.toISOString()]
  )
  return { egress: Number(rows[0]?.egress ?? 0), mau: Number(rows[0]?.mau ?? 0) }
}
