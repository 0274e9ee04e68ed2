/**
 * The telemetry sender (spec §7 "Telemetry sender": action, properties, groups; hosted platform
 * only). Nothing leaves the browser before the visitor allowed telemetry (spec §2 overlays 2–3),
 * and a failed send never disturbs the user: it is logged and forgotten.
 */
import { post } from '@/data/fetchers'
import { isPlatform } from '@/lib/config'
import { hasAcceptedConsent } from '@/state/consent'

export type TelemetryGroups = {
  project?: string
  organization?: string
}

export type TelemetryEvent = {
  /** What happened, e.g. `feature_preview_enabled`. */
  action: string
  properties?: Record<string, unknown>
  groups?: TelemetryGroups
}

export const TELEMETRY_EVENT_PATH = '/platform/telemetry/event'

/** Sends one event; resolves to true when it was sent, false when skipped or failed. */
export async function sendTelemetryEvent({ action, properties, groups }: TelemetryEvent): Promise<boolean> {
  if (!isPlatform() || !hasAcceptedConsent()) return false
  try {
    await post(TELEMETRY_EVENT_PATH, { action, properties: properties ?? {}, groups: groups ?? {} })
    return true
  } catch (error) {
    console.warn(`[telemetry] could not send ${action}`, error)
    return false
  }
}
