/**
 * The telemetry sender (spec §7 "Telemetry sender": action, properties, groups; hosted platform
 * only). A failed send never disturbs the user: it is logged and forgotten. Whether the visitor
 * allowed telemetry is browser state: callers go through `hooks/telemetry.ts`, which asks it.
 */
import { post } from '@/data/fetchers'
import { isPlatform } from '@/lib/config'
import type { TelemetryEvent } from '@/lib/api-types/telemetry'

export type { TelemetryEvent, TelemetryGroups } from '@/lib/api-types/telemetry'

export const TELEMETRY_EVENT_PATH = '/platform/telemetry/event'

/** Sends one event if `consented`; resolves to true when it was sent, false when skipped or failed. */
export async function postTelemetryEvent({ action, properties, groups }: TelemetryEvent, consented: boolean): Promise<boolean> {
  if (!isPlatform() || !consented) return false
  try {
    await post(TELEMETRY_EVENT_PATH, { action, properties: properties ?? {}, groups: groups ?? {} })
    return true
  } catch (error) {
    console.warn(`[telemetry] could not send ${action}`, error)
    return false
  }
}
