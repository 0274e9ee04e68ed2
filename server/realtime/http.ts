import type { IncomingMessage, ServerResponse } from 'node:http'
import { broadcastBody, firstIssue } from '@/lib/api-types/realtime'
import { ApiError } from '../http/errors'
import { DEFAULT_BODY_LIMIT, readBody } from '../http/node-adapter'
import { verifyProjectCaller } from '../project-auth/bearer'
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
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

async function broadcast(ref: string, req: IncomingMessage): Promise<Answer> {
  const apikey = header(req.headers.apikey)?.trim()
  if (!apikey) return error(401, 'no_api_key', 'No API key found in request')
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(req.headers.authorization) ?? '')?.[1]
  const caller = await verifyProjectCaller(ref, apikey, bearer)
  if (!caller) return error(401, 'invalid_api_key', 'Invalid API key')
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

async function answer(req: IncomingMessage, url: URL): Promise<Answer> {
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
    return broadcast(ref, req)
  }
  return error(404, 'not_found', `No realtime endpoint at ${url.pathname}: the socket is /realtime/v1/websocket`)
}

/** The handler the project API hands `/realtime/v1` requests to. */
export async function realtimeHttpHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let reply: Answer
  try {
    reply = await answer(req, new URL(req.url ?? '/', 'http://localhost'))
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
