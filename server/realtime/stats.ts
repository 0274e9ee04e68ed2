import type { RealtimeStats } from '@/lib/api-types/realtime-inspector'
import { flushRealtimeMetering } from '../billing/realtime-metering'
import { currentBillingPeriod } from '../billing/periods'
import type { Db } from '../db/types'
import { flushConnectionCensus, readConnectionsNow } from './connection-census'

/**
 * A project's realtime figures for Dashboard → Realtime: connections open now on every live
 * instance (connection-census.ts), and the messages and peak of the current billing period
 * (billing/realtime-metering.ts). What this instance still holds in memory is written first.
 */
export async function realtimeStats(db: Db, project: { id: number | string }, anchor: Date | string): Promise<RealtimeStats> {
  await Promise.all([flushRealtimeMetering(), flushConnectionCensus()])
  const period = currentBillingPeriod(anchor)
  const { rows } = await db.query<{ messages: string | number | null; peak: string | number | null }>(
    `select sum(messages) as messages, max(peak_connections) as peak from platform.project_realtime_usage
      where project_id = $1 and period_start >= $2 and period_start < $3`,
    [Number(project.id), period.start.toISOString(), period.end.toISOString()]
  )
  return {
    connections: await readConnectionsNow(db, Number(project.id)),
    peak_connections: Number(rows[0]?.peak ?? 0),
    messages: Number(rows[0]?.messages ?? 0),
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
  }
}
