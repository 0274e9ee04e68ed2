import { z } from 'zod'
import { TELEMETRY_ADDRESS_LIMIT, consumeRateLimit, rateLimitKeys } from '../auth/rate-limit'
import type { Db } from '../db/types'
import type { TelemetryEvent } from '@/lib/api-types/telemetry'

const MAX_PROPERTIES_JSON = 8_192

/**
 * Largest event body, in bytes (413 past it): the properties' 8 KiB of JSON, ten groups and the
 * action fit with room to spare; the dashboard's own events are well under 1 KiB. Without it an
 * event could be as large as the mount's 1 MiB.
 */
export const TELEMETRY_BODY_LIMIT = 16 * 1024

export const eventBody = z.strictObject({
  action: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'an action is letters, digits, "_", ".", ":" or "-", e.g. feature_preview_enabled'),
  properties: z
    .record(z.string().max(128), z.unknown())
    .refine((p) => Buffer.byteLength(JSON.stringify(p)) <= MAX_PROPERTIES_JSON, `properties are limited to ${MAX_PROPERTIES_JSON} bytes of JSON`)
    .optional(),
  // spec §4: events are grouped, e.g. by project ref and organization slug
  groups: z.record(z.string().max(64), z.string().max(256)).refine((g) => Object.keys(g).length <= 10, 'at most 10 groups').optional(),
}) satisfies z.ZodType<TelemetryEvent, TelemetryEvent>

/**
 * Stores one event of the telemetry sink (spec §7 "Telemetry sender"). Anyone may send events, so
 * each address may store at most TELEMETRY_ADDRESS_LIMIT of them (429 with Retry-After past it).
 */
export async function recordTelemetryEvent(db: Db, event: TelemetryEvent, from: { userId: string | null; ip: string }): Promise<void> {
  await consumeRateLimit(db, [
    { key: rateLimitKeys.telemetryAddress(from.ip), rule: TELEMETRY_ADDRESS_LIMIT, message: 'Too many telemetry events from this address.' },
  ])
  await db.query('insert into platform.telemetry_events (user_id, action, properties, groups) values ($1, $2, $3, $4)', [
    from.userId,
    event.action,
    JSON.stringify(event.properties ?? {}),
    JSON.stringify(event.groups ?? {}),
  ])
}
