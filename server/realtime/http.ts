import type { IncomingMessage, ServerResponse } from 'node:http'
import { broadcastBody, firstIssue } from '@/lib/api-types/realtime'
import { ApiError } from '../http/errors'
import { DEFAULT_BODY_LIMIT, readBody } from '../http/node-adapter'
import type { ProjectRequest } from '../project-api/frame'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { channelAccess, hubTopic } from './private-channels'
import { defaultRealtimeServer, realtimeHttpAnswer, refusalBody } from './server'

/**
 * `{project url}/realtime/v1/…` over plain HTTP (the project API hands it here, rest/handler.ts):
 * - `GET /websocket` without an upgrade: 401 without a valid key, else 426 (connect with WebSocket);
 * - `POST /api/broadcast`: realtime-js's REST broadcast (`httpSend`, and `send` before a channel
 *   is joined): each message goes to the members of `realtime:{topic}`, here and on the other
 *   instances. Answers 202 as Supabase does. Private channels are refused, as on the socket.
 */

/** The paths and methods served here, as the project API walk writes them down (tests/api/helpers/expected-project-api.ts). */
export const REALTIME_HTTP_ROUTES = ['GET /realtime/v1/websocket', 'POST /realtime/v1/api/broadcast', 'OPTIONS /realtime/v1/websocket']

const PATH = /^\/([^/]+)\/realtime\/v1(\/.*)?$/

type Answer = { status: number; body?: string }

const error = (status: number, error_code: string, message: string): Answer => ({ status, body: refusalBody({ status, error_code, message }) })

const keyRefusal = (reason: 'missing' | 'invalid') =>
  reason === 'missing' ? { status: 401, error_code: 'no_api_key', message: 'No API key found in request' } : { status: 401, error_code: 'invalid_api_key', message: 'Invalid API key' }
const refusal = (reason: 'missing' | 'invalid'): Answer => ({ status: 401, body: refusalBody(keyRefusal(reason)) })

const isBroadcast = (frame: ProjectRequest) => frame.method === 'POST' && frame.path === '/realtime/v1/api/broadcast'

/**
 * How the gateway declares realtime's HTTP side (project-api/gateway.ts): a broadcast proves a
 * caller with its `apikey`; the socket's GET answers its own refusals, as the socket does. Realtime
 * logs its own events (realtime-log.ts), not each request.
 */
export const REALTIME_SERVICE = {
  auth: { proves: 'keyed-caller', open: (frame: ProjectRequest) => !isBroadcast(frame), refusal: (reason: 'missing' | 'invalid') => {
      const { status, error_code, message } = keyRefusal(reason)
      return { code: status, error_code, message }
    } },
  log: null,
} as const

async function broadcast(ref: string, req: IncomingMessage, frame: ProjectRequest): Promise<Answer> {
  if (!frame.credentials.apikey) return refusal('missing')
  const caller = await frame.caller() // proven by the gateway (REALTIME_SERVICE.auth)
  if (!caller) return refusal('invalid')
  let raw: Buffer
  try {
    raw = await readBody(req, DEFAULT_BODY_LIMIT)
  } catch (failure) {
    if (failure instanceof ApiError) return error(failure.status, 'request_too_large', failure.message)
    throw failure
  }
  let json: unknown
  try {
    json = JSON.parse(raw.toString('utf8'))
  } catch {
    return error(400, 'bad_json', 'The body is not valid JSON')
  }
  const parsed = broadcastBody.safeParse(json)
  if (!parsed.success) return error(400, 'validation_failed', `Invalid broadcast: ${firstIssue(parsed.error)}`)
  // A private channel's messages go only if the realtime.messages policies let the caller send on it (nothing goes otherwise).
  for (const topic of new Set(parsed.data.messages.filter((m) => m.private).map((m) => m.topic))) {
    const access = await channelAccess(ref, caller, topic)
    if (!access.write.has('broadcast')) return error(403, 'unauthorized', `Unauthorized: the policies on realtime.messages do not let ${caller.role} broadcast on the private channel ${topic}`)
  }
  const hub = defaultRealtimeServer().hub
  for (const m of parsed.data.messages) hub.broadcast(ref, hubTopic(`realtime:${m.topic}`, m.private === true), m.event, m.payload ?? {}, undefined, null)
  recordRealtimeEvent({ ref, level: 'info', message: `${parsed.data.messages.length} message(s) broadcast over HTTP`, role: caller.role })
  return { status: 202 }
}

async function answer(req: IncomingMessage, url: URL, frame: ProjectRequest): Promise<Answer> {
  const method = (req.method ?? 'GET').toUpperCase()
  if (method === 'OPTIONS') return { status: 200 }
  const match = PATH.exec(url.pathname)
  const rest = match?.[2] ?? ''
  if (!match) return error(404, 'not_found', `No realtime endpoint at ${url.pathname}`)
  let ref: string
  try {
    ref = decodeURIComponent(match[1])
  } catch {
    return error(400, 'validation_failed', 'The project ref is not validly percent-encoded')
  }
  if (rest === '/websocket' || rest === '/websocket/') {
    if (method !== 'GET') return error(405, 'method_not_allowed', `${method} is not allowed on the realtime socket: open it with GET and Upgrade: websocket`)
    const refusal = await realtimeHttpAnswer(url, req.headers)
    return { status: refusal.status, body: refusalBody(refusal) }
  }
  if (rest === '/api/broadcast') {
    if (method !== 'POST') return error(405, 'method_not_allowed', `${method} is not allowed on /api/broadcast: use POST`)
    return broadcast(ref, req, frame)
  }
  return error(404, 'not_found', `No realtime endpoint at ${url.pathname}: the socket is /realtime/v1/websocket`)
}

/** The handler the project API hands `/realtime/v1` requests to. */
export async function realtimeHttpHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest): Promise<void> {
  let reply: Answer
  try {
    reply = await answer(req, new URL(req.url ?? '/', 'http://localhost'), frame)
  } catch (failure) {
    console.error(`[realtime] ${req.method} ${req.url} failed`, failure)
    reply = error(500, 'unexpected_failure', 'Internal server error')
  }
  const headers: Record<string, string> = {}
  if (reply.body !== undefined) {
    headers['Content-Type'] = 'application/json; charset=utf-8'
    headers['Content-Length'] = String(Buffer.byteLength(reply.body))
  }
  res.writeHead(reply.status, headers)
  res.end(reply.body)
}
