import crypto from 'node:crypto'
import type { LogSource } from '@/lib/catalogue/log-sources'
import { PLAN_IDS } from '@/lib/catalogue/plans'
import { getServerConfig } from '@/lib/config'
import type { LogLevel } from '@/lib/logs/log-lines'
import { logRetentionDays } from '@/lib/logs/retention'
import { armBatchTimer, flushBatches, type BatchTimer } from '../db/batches'
import { getStore } from '../db/store'
import type { Db } from '../db/types'

/**
 * The log recorder: events are buffered in memory and written to `platform.project_logs` in
 * batches, off the request path (spec-less but essential: a request never waits for its own log
 * line). A batch is written FLUSH_INTERVAL_MS after its first event, or at once when BATCH_SIZE
 * events wait. A failed write is only reported on the console; the events of that batch are lost,
 * as a log pipeline under pressure would drop them, rather than slowing or failing requests.
 */
export type LogEvent = {
  /** The project's ref; events for a ref that names no project are dropped when written. */
  ref: string
  source: LogSource
  level: LogLevel
  event_message: string
  metadata: Record<string, unknown>
  /** Defaults to now. */
  timestamp?: Date
}

export const FLUSH_INTERVAL_MS = 1_000
export const BATCH_SIZE = 500
/** Beyond this many waiting events (the store is down), the oldest are dropped to bound memory. */
export const MAX_BUFFERED_EVENTS = 20_000
/** How often, at most, a process deletes rows past retention. */
export const PURGE_INTERVAL_MS = 10 * 60_000

type Row = { id: string; ref: string; source: LogSource; ts: string; level: LogLevel; event_message: string; metadata: Record<string, unknown> }
/** An event waiting to be written: its store, and its row as JSON (jsonbText). */
type Pending = { store: Promise<Db>; json: string }

type RecorderState = BatchTimer & {
  buffer: Pending[]
  dropped: number
  lastPurge: WeakMap<Db, number>
}

// One recorder per process, on globalThis so that Next's module reloading keeps one buffer.
const g = globalThis as typeof globalThis & { __projectLogRecorder?: RecorderState }
const state: RecorderState = (g.__projectLogRecorder ??= {
  buffer: [],
  timer: null,
  flushing: Promise.resolve(),
  dropped: 0,
  lastPurge: new WeakMap(),
})

/** Stores whose failure to open is already caught (see recordLogEvent). */
const caught = new WeakSet<Promise<Db>>()

/**
 * An id that sorts by time (the layout of a version 7 UUID: milliseconds, then random bits), so
 * the rows a batch adds go to the end of the id index rather than all over it.
 */
export function timeOrderedUuid(ms: number = Date.now()): string {
  const time = ms.toString(16).padStart(12, '0').slice(-12)
  // A random (version 4) UUID's bits after its version digit, variant included.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${crypto.randomUUID().slice(15)}`
}

/** Queues one event; returns at once. Its JSON is made now, a little per request, rather than for the whole batch at once. */
export function recordLogEvent(event: LogEvent): void {
  // The store the request used: events are written there even if another store opens later (tests).
  const store = getStore()
  // A store that fails to open is reported when the batch is written, never as an unhandled rejection.
  if (!caught.has(store)) {
    store.catch(() => {})
    caught.add(store)
  }
  const at = event.timestamp ?? new Date()
  const row: Row = {
    id: timeOrderedUuid(at.getTime()),
    ref: event.ref,
    source: event.source,
    ts: at.toISOString(),
    level: event.level,
    event_message: event.event_message,
    metadata: event.metadata,
  }
  state.buffer.push({ store, json: jsonbText(row) })
  if (state.buffer.length > MAX_BUFFERED_EVENTS) {
    const excess = state.buffer.length - MAX_BUFFERED_EVENTS
    state.buffer.splice(0, excess)
    state.dropped += excess
  }
  if (state.buffer.length >= BATCH_SIZE) void flushLogEvents()
  else armBatchTimer(state, FLUSH_INTERVAL_MS, flushLogEvents)
}

/** Writes every waiting event now (tests call it; the timer calls it otherwise). Never throws. */
export function flushLogEvents(): Promise<void> {
  return flushBatches(state, drain)
}

/** Events waiting to be written (for tests and the benchmark). */
export function pendingLogEvents(): number {
  return state.buffer.length
}

/**
 * JSON text Postgres' jsonb takes: it refuses the escape of NUL (`\u0000`, from a NUL in a value),
 * which becomes U+FFFD; an escaped backslash before `u0000` is text, and stays.
 */
export function jsonbText(value: unknown): string {
  const text = JSON.stringify(value)
  return text.includes('\\u0000') ? text.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\uFFFD') : text
}

async function drain(): Promise<void> {
  while (state.buffer.length > 0) {
    const batch = state.buffer.splice(0, BATCH_SIZE)
    const byStore = new Map<Promise<Db>, string[]>()
    for (const { store, json } of batch) {
      const rows = byStore.get(store)
      if (rows) rows.push(json)
      else byStore.set(store, [json])
    }
    for (const [store, rows] of byStore) {
      try {
        const db = await store
        await insertRows(db, rows)
        await purgeIfDue(db)
      } catch (error) {
        console.error(`[platform-api] could not write ${rows.length} log event(s): ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }
  if (state.dropped > 0) {
    console.error(`[platform-api] dropped ${state.dropped} log event(s): the store could not keep up`)
    state.dropped = 0
  }
}

/** Writes rows given as JSON objects (jsonbText). */
async function insertRows(db: Db, rows: string[]): Promise<void> {
  // One round trip per batch; the join drops events of refs that name no project.
  await db.query(
    `insert into platform.project_logs (id, project_id, source, "timestamp", level, event_message, metadata)
     select e.id, p.id, e.source, e.ts, e.level, e.event_message, coalesce(e.metadata, '{}'::jsonb)
       from jsonb_to_recordset($1::jsonb) as e(id uuid, ref text, source text, ts timestamptz, level text, event_message text, metadata jsonb)
       join platform.projects p on p.ref = e.ref`,
    [`[${rows.join(',')}]`]
  )
}

async function purgeIfDue(db: Db): Promise<void> {
  const last = state.lastPurge.get(db) ?? 0
  if (Date.now() - last < PURGE_INTERVAL_MS) return
  state.lastPurge.set(db, Date.now())
  await purgeExpiredLogs(db)
}

/**
 * spec §9: deletes the rows older than their organization plan's log retention (self-hosted:
 * as enterprise). Returns how many went.
 */
export async function purgeExpiredLogs(db: Db, now: Date = new Date()): Promise<number> {
  const selfHosted = !getServerConfig().isPlatform
  const days = Object.fromEntries(PLAN_IDS.map((plan) => [plan, logRetentionDays(plan, { selfHosted })]))
  const { rows } = await db.query<{ n: number }>(
    `with gone as (
       delete from platform.project_logs l
        using platform.projects p, platform.organizations o
        where l.project_id = p.id and o.id = p.organization_id
          and l."timestamp" < $2::timestamptz - make_interval(days => (($1::jsonb) ->> o.plan_id)::int)
        returning 1)
     select count(*)::int as n from gone`,
    [JSON.stringify(days), now.toISOString()]
  )
  return rows[0]?.n ?? 0
}
