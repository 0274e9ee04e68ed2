import { getCaller } from '../auth/caller'
import { route } from '../http/route'
import { respond } from '../http/types'
import { eventBody, recordTelemetryEvent, TELEMETRY_BODY_LIMIT } from '../telemetry/events'

/**
 * The telemetry sink of the hosted platform. Anyone may send events, so each is bounded in size
 * (TELEMETRY_BODY_LIMIT, 413) and in number per client address (429 with Retry-After): one
 * address can store at most 100 × 16 KiB every 10 minutes, not as much as it can send.
 */
export const telemetryRoutes = [
  route({
    method: 'POST',
    path: '/platform/telemetry/event',
    summary: 'Record a telemetry event (hosted only; rate-limited per address)',
    access: { scope: 'public' },
    // spec §1: no telemetry at all in self-hosted mode
    hostedOnly: 'Telemetry is not collected in self-hosted mode',
    body: eventBody,
    maxBodyBytes: TELEMETRY_BODY_LIMIT,
    handler: async ({ req, db, body }) => {
      const caller = await getCaller(req) // optional: events before sign-in are stored without a user
      await recordTelemetryEvent(db, body, { userId: caller?.userId ?? null, ip: req.ip })
      return respond(204)
    },
  }),
]
