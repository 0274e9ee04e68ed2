import { postTelemetryEvent, type TelemetryEvent } from '@/data/telemetry/send-event'
import { hasAcceptedConsent } from '@/state/consent'

export type { TelemetryEvent, TelemetryGroups } from '@/data/telemetry/send-event'

/**
 * Sends one telemetry event (spec §7), only once the visitor allowed telemetry (spec §2 overlays
 * 2–3); resolves to true when it was sent, false when skipped or failed.
 */
export function sendTelemetryEvent(event: TelemetryEvent): Promise<boolean> {
  return postTelemetryEvent(event, hasAcceptedConsent())
}
