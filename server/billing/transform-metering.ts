import { armBatchTimer, flushStoreBatches, pendingFor, type StoreBatches } from '../db/batches'
import type { Db } from '../db/types'
import { METERING_FLUSH_INTERVAL_MS, projectPeriods } from './metering'

/**
 * Metering of image transformations (migration 019; spec §9 billing matrix: "100 origin images
 * then $5 per 1000"): the distinct origin images (bucket and name) each project transformed in a
 * billing period, whatever the options and whether the output came from the cache. Queued in
 * memory and written in batches (`on conflict do nothing`), like the active users of metering.ts;
 * every instance writes to the same rows, so an image transformed on two counts once.
 */

/** Beyond this many distinct waiting origins (the store is down), new ones are dropped to bound memory. */
export const MAX_PENDING_ORIGINS = 50_000

type State = StoreBatches<Map<string, Set<string>>> & { count: number }

const g = globalThis as typeof globalThis & { __transformMetering?: State }
const state: State = (g.__transformMetering ??= { pending: new Map(), count: 0, timer: null, flushing: Promise.resolve() })

/** Counts origin image `bucket/name` of `ref` as transformed in the current period; returns at once. */
export function recordImageTransform(ref: string, origin: string): void {
  const byRef = pendingFor(state, () => new Map<string, Set<string>>())
  let origins = byRef.get(ref)
  if (!origins) byRef.set(ref, (origins = new Set()))
  if (origins.has(origin) || state.count >= MAX_PENDING_ORIGINS) return
  origins.add(origin)
  state.count++
  armBatchTimer(state, METERING_FLUSH_INTERVAL_MS, flushTransformMetering)
}

/** Writes everything waiting now (tests call it; the timer otherwise). Never throws. */
export function flushTransformMetering(): Promise<void> {
  return flushStoreBatches(state, 'image transformation metering', (db, byRef) => writeBatch(db, byRef), () => {
    state.count = 0
  })
}

async function writeBatch(db: Db, byRef: Map<string, Set<string>>): Promise<void> {
  if (byRef.size === 0) return
  const periodOf = await projectPeriods(db, [...byRef.keys()])
  const rows = [...byRef].flatMap(([ref, origins]) => {
    const p = periodOf.get(ref)
    return p ? [...origins].map((origin) => ({ project_id: p.id, period_start: p.start, origin })) : []
  })
  if (rows.length === 0) return
  await db.query(
    `insert into platform.project_image_transforms (project_id, period_start, origin)
     select r.project_id, r.period_start, r.origin
       from jsonb_to_recordset($1::jsonb) as r(project_id bigint, period_start timestamptz, origin text)
     on conflict do nothing`,
    [JSON.stringify(rows)]
  )
}

/** The distinct origin images an organization's projects transformed in a period. */
export async function readImageTransforms(db: Db, organizationId: number, period: { start: Date; end: Date }): Promise<number> {
  const { rows } = await db.query<{ n: string | number | null }>(
    `select count(*) as n from platform.project_image_transforms t join platform.projects p on p.id = t.project_id
      where p.organization_id = $1 and t.period_start >= $2 and t.period_start < $3`,
    [organizationId, period.start.toISOString(), period.end.toISOString()]
  )
  return Number(rows[0]?.n ?? 0)
}
