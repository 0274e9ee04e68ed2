import { levelOfStatus } from '@/lib/logs/log-lines'
import { recordLogEvent, type LogEvent } from './recorder'

/** What one answer of the project's REST API was, for its PostgREST log line. */
export type RestAnswer = {
  ref: string
  method: string
  /** The request's URL as received (`/dashboard/api/project/{ref}/rest/v1/...?...`). */
  url: string
  status: number
  durationMs: number
  /** The key's role, or null when the request was refused before a key was accepted. */
  role: string | null
  /** Bytes of the answer's body. */
  bytes: number
  startedAt: Date
}

const MAX_PATH_CHARS = 2_000
/** The project API's prefix, which the hosted platform's gateway strips before PostgREST sees the path. */
const PROJECT_PREFIX = /^\/[^/]+/
/** Query parameters that carry credentials (supabase-js may send the key as `apikey`): never logged. */
const SECRET_PARAMS = new Set(['apikey', 'access_token', 'token'])

/** A query parameter's name, decoded as a form field's. */
function paramName(pair: string): string {
  const name = pair.split('=', 1)[0].replaceAll('+', ' ')
  try {
    return decodeURIComponent(name)
  } catch {
    return name
  }
}

/**
 * The path and query as PostgREST logs them, as received (`/rest/v1/todos?select=id&done=eq.true`),
 * without credentials. Split by hand rather than parsed as a URL: this runs for every request.
 */
export function restLogPath(url: string): { path: string; query: string } {
  const hash = url.indexOf('#')
  const whole = hash < 0 ? url : url.slice(0, hash)
  const at = whole.indexOf('?')
  const path = (at < 0 ? whole : whole.slice(0, at)).replace(PROJECT_PREFIX, '')
  const pairs = at < 0 ? [] : whole.slice(at + 1).split('&').filter((pair) => pair !== '' && !SECRET_PARAMS.has(paramName(pair).toLowerCase()))
  const query = pairs.length > 0 ? `?${pairs.join('&')}` : ''
  return { path: path.slice(0, MAX_PATH_CHARS), query: query.slice(0, MAX_PATH_CHARS) }
}

/**
 * The log event of one answer of the project API, for `source`: method, path with its query
 * (filters are what PostgREST logs), status, duration, role and bytes. Never a header (the key,
 * the bearer token) nor a body.
 */
export function answerLogEvent(answer: RestAnswer, source: LogEvent['source']): LogEvent {
  const { path, query } = restLogPath(answer.url)
  const durationMs = Math.round(answer.durationMs * 100) / 100
  const level = levelOfStatus(answer.status)
  return {
    ref: answer.ref,
    source,
    level,
    event_message: `${answer.method} | ${answer.status} | ${durationMs} ms | ${answer.role ?? '-'} | ${path}${query}`,
    metadata: {
      method: answer.method,
      path,
      search: query,
      status_code: answer.status,
      duration_ms: durationMs,
      role: answer.role,
      response_bytes: answer.bytes,
      level,
    },
    timestamp: answer.startedAt,
  }
}

/** Records a `postgrest_logs` line for one answer of the project's REST API (spec §3 log sources). Queued: the request never waits. */
export function recordRestAnswer(answer: RestAnswer): void {
  recordLogEvent(answerLogEvent(answer, 'postgrest_logs'))
}
