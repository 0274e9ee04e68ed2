import { armBatchTimer, flushStoreBatches, pendingFor, type StoreBatches } from '../db/batches'
import type { Db } from '../db/types'

/**
 * Realtime connections open now, across instances (migration 020): each hub writes its own count
 * per project when it changes (in batches, a second after the first change) and again every
 * REFRESH_MS while it is not zero, so a count whose instance died ages out after STALE_SECONDS.
 */

export const REFRESH_MS = 30_000
const STALE_SECONDS = 90
const FLUSH_MS = 1_000

type Pending = Map<string, { ref: string; instanceId: string; connections: number }>
type State = StoreBatches<Pending>

const g = globalThis as typeof globalThis & { __realtimeCensus?: State }
const state: State = (g.__realtimeCensus ??= { pending: new Map(), timer: null, flushing: Promise.resolve() })

/** Notes that `instanceId` holds `connections` of `ref` now; returns at once. */
export function noteConnections(instanceId: string, ref: string, connections: number): void {
  pendingFor(state, (): Pending => new Map()).set(`${instanceId}\u0000${ref}`, { ref, instanceId, connections })
  armBatchTimer(state, FLUSH_MS, flushConnectionCensus)
}

/** Writes the counts waiting now (the stats route and tests call it; the timer otherwise). Never throws. */
export function flushConnectionCensus(): Promise<void> {
  return flushStoreBatches(state, 'realtime connection counts', async (db, pending) => {
    const rows = [...pending.values()].map((p) => ({ ref: p.ref, instance_id: p.instanceId, connections: p.connections }))
    await db.query(
      `insert into platform.realtime_connections as c (instance_id, project_id, connections)
       select r.instance_id, p.id, r.connections
         from jsonb_to_recordset($1::jsonb) as r(ref text, instance_id text, connections integer)
         join platform.projects p on p.ref = r.ref
       on conflict (instance_id, project_id) do update set connections = excluded.connections, updated_at = now()`,
      [JSON.stringify(rows)]
    )
  })
}

/** The connections a project holds now on every live instance. */
export async function readConnectionsNow(db: Db, projectId: number): Promise<number> {
  const { rows } = await db.query<{ n: string | number | null }>(
    `select sum(connections) as n from platform.realtime_connections
      where project_id = $1 and updated_at > now() - make_interval(secs => $2)`,
    [projectId, STALE_SECONDS]
  )
  return Number(rows[0]?.n ?? 0)
}
