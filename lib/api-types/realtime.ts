/**
 * What `@supabase/realtime-js` sends a project's realtime endpoint (`{url}/realtime/v1/websocket`,
 * server/realtime): the connection's query and the payloads of the Phoenix channel
 * messages the server reads. Objects are loose (unknown keys pass): newer clients add options.
 */
import { z } from 'zod'

/** The Phoenix serializer versions realtime-js speaks: 1.0.0 (JSON objects), 2.0.0 (JSON arrays and binary broadcasts). */
export const REALTIME_VSNS = ['1.0.0', '2.0.0'] as const
export type RealtimeVsn = (typeof REALTIME_VSNS)[number]

/** `GET /realtime/v1/websocket?apikey=…&vsn=…` (the key may come as the `apikey` header instead). */
export const realtimeConnectQuery = z.looseObject({
  apikey: z.string('must be a string').min(1, 'must not be empty').optional(),
  vsn: z.enum(REALTIME_VSNS, 'must be 1.0.0 or 2.0.0').default('1.0.0'),
})

/** The change events a subscription names. */
export const CHANGE_EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const
export type ChangeEvent = (typeof CHANGE_EVENTS)[number]

const identifier = z.string('must be a string').min(1, 'must not be empty').max(63, 'must be at most 63 characters')

/** One `postgres_changes` binding: `filter` is `column=op.value` conditions joined by commas (realtime/filters.ts). */
export const changeBinding = z.looseObject({
  event: z.enum(CHANGE_EVENTS, 'must be *, INSERT, UPDATE or DELETE'),
  schema: identifier,
  table: identifier.optional(),
  filter: z.string('must be a string').max(1_000, 'must be at most 1000 characters').optional(),
})
export type ChangeBinding = z.infer<typeof changeBinding>

/** `phx_join`'s payload. */
export const joinPayload = z.looseObject({
  config: z
    .looseObject({
      broadcast: z.looseObject({ self: z.boolean().optional(), ack: z.boolean().optional() }).optional(),
      presence: z.looseObject({ key: z.string().max(255, 'must be at most 255 characters').optional(), enabled: z.boolean().optional() }).optional(),
      postgres_changes: z.array(changeBinding).max(100, 'at most 100 bindings').optional(),
      private: z.boolean().optional(),
    })
    .default({}),
  access_token: z.string().optional(),
})
export type JoinPayload = z.infer<typeof joinPayload>

/** `broadcast`'s payload (a binary frame's is built the same way). */
export const broadcastPayload = z.looseObject({
  type: z.literal('broadcast').optional(),
  event: z.string('must be a string').max(255, 'must be at most 255 characters'),
  payload: z.unknown().optional(),
  meta: z.unknown().optional(),
})

/** `presence`'s payload: track (with the state to show) or untrack. */
export const presencePayload = z.looseObject({
  type: z.literal('presence').optional(),
  event: z.enum(['track', 'untrack'], 'must be track or untrack'),
  payload: z.record(z.string(), z.unknown()).optional(),
})

/** `access_token`'s payload: the channel's new token. */
export const accessTokenPayload = z.looseObject({ access_token: z.string('must be a string').min(1, 'must not be empty') })

/** `POST /realtime/v1/api/broadcast` (realtime-js `httpSend`): messages to public channels by topic (without `realtime:`). */
export const broadcastBody = z.strictObject({
  messages: z
    .array(
      z.looseObject({
        topic: z.string('must be a string').min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
        event: z.string('must be a string').max(255, 'must be at most 255 characters'),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
      'must be an array'
    )
    .min(1, 'must hold at least one message')
    .max(100, 'must hold at most 100 messages'),
})

/** The first problem zod found, as one line. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  return issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'invalid payload'
}
