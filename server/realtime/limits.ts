import { isPlanId, REALTIME_LIMITS, type PlanId } from '@/lib/catalogue/plans'
import { getServerConfig } from '@/lib/config'
import { getStore } from '../db/store'

/**
 * What a project's realtime connections may do (spec §9, lib/catalogue/plans.ts REALTIME_LIMITS):
 * concurrent connections on this instance, the largest message, and how long a socket may stay
 * silent (realtime-js sends a heartbeat every 25 s) before it is closed. Self-hosted: enterprise's.
 */
export type RealtimeLimits = { peakConnections: number | null; maxMessageBytes: number; heartbeatTimeoutMs: number }

export const HEARTBEAT_TIMEOUT_MS = 60_000
/** The most any plan allows: the WebSocket server's own cap; each plan's is checked per message. */
export const LARGEST_MESSAGE_BYTES = Math.max(...Object.values(REALTIME_LIMITS).map((l) => l.maxMessageBytes))

const g = globalThis as typeof globalThis & { __realtimeLimitOverrides?: Partial<RealtimeLimits> }

/** Test hook: limits that replace the plan's (fewer connections, a shorter heartbeat timeout). */
export function setRealtimeLimitOverrides(overrides: Partial<RealtimeLimits> | null): void {
  g.__realtimeLimitOverrides = overrides ?? undefined
}

async function planOf(ref: string): Promise<PlanId> {
  if (!getServerConfig().isPlatform) return 'enterprise'
  const { rows } = await (await getStore()).query<{ plan_id: string }>(
    'select o.plan_id from platform.projects p join platform.organizations o on o.id = p.organization_id where p.ref = $1',
    [ref]
  )
  return rows[0] && isPlanId(rows[0].plan_id) ? rows[0].plan_id : 'free'
}

export async function realtimeLimits(ref: string): Promise<RealtimeLimits> {
  const plan = REALTIME_LIMITS[await planOf(ref)]
  return { ...plan, heartbeatTimeoutMs: HEARTBEAT_TIMEOUT_MS, ...g.__realtimeLimitOverrides }
}

/** A byte count as the billing matrix writes it (250 KB, 3 MB). */
export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${Math.round(bytes / 100_000) / 10} MB` : `${Math.round(bytes / 1_000)} KB`
}
