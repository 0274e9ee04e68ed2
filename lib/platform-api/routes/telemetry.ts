import { z } from 'zod'
import { getServerConfig } from '@/lib/config'
import { getCaller } from '../auth/caller'
import { TELEMETRY_ADDRESS_LIMIT, consumeRateLimit, rateLimitKeys } from '../auth/rate-limit'
import { getStore } from '../db/store'
import { notFound } from '../http/errors'
import type { Router } from '../http/router'
import { respond } from '../http/types'
import { parseBody } from '../http/validate'

const MAX_PROPERTIES_JSON = 8_192

/**
 * Largest event body, in bytes (413 past it): the properties' 8 KiB of JSON, ten groups and the
 * action fit with room to spare; the dashboard's own events are well under 1 KiB. Without it an
 * event could be as large as the mount's 1 MiB.
 */
export const TELEMETRY_BODY_LIMIT = 16 * 1024

const eventBody = z.strictObject({
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
})

/**
 * The telemetry sink of the hosted platform (spec §7 "Telemetry sender"). Anyone may send events,
 * so each is bounded in size (TELEMETRY_BODY_LIMIT, 413) and in number per client address
 * (TELEMETRY_ADDRESS_LIMIT, 429 with Retry-After): one address can store at most 100 × 16 KiB
 * every 10 minutes, not as much as it can send.
 */
export function registerTelemetryRoutes(router: Router): void {
  router.post('/platform/telemetry/event', async (req) => {
    // spec §1: no telemetry at all in self-hosted mode
    if (!getServerConfig().isPlatform) throw notFound('Telemetry is not collected in self-hosted mode')
    const event = await parseBody(req, eventBody, { maxBytes: TELEMETRY_BODY_LIMIT })
    const caller = await getCaller(req) // optional: events before sign-in are stored without a user
    const db = await getStore()
    await consumeRateLimit(db, [
      { key: rateLimitKeys.telemetryAddress(req.ip), rule: TELEMETRY_ADDRESS_LIMIT, message: 'Too many telemetry events from this address.' },
    ])
    await db.query('insert into platform.telemetry_events (user_id, action, properties, groups) values ($1, $2, $3, $4)', [
      caller?.userId ?? null,
      event.action,
      JSON.stringify(event.properties ?? {}),
      JSON.stringify(event.groups ?? {}),
    ])
    return respond(204)
  })
}
