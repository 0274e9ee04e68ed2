/**
 * Body of `POST /platform/telemetry/event` (spec §7 "Telemetry sender"). The platform's zod
 * schema, which measures the properties' size with Node's Buffer, stays on the server and is
 * checked against this type.
 */

/** spec §4: events are grouped, e.g. by project ref and organization slug. */
export type TelemetryGroups = Record<string, string> & { project?: string; organization?: string }

export type TelemetryEvent = {
  /** What happened, e.g. `feature_preview_enabled`. */
  action: string
  properties?: Record<string, unknown>
  groups?: TelemetryGroups
}
