import { firstHeader } from '../http/headers'
import { levelOfStatus } from '@/lib/logs/log-lines'
import type { CompletedRequest } from '../http/router'
import { recordLogEvent } from './recorder'
import { answerLogEvent, type RestAnswer } from './rest-log'

/** Platform paths aimed at one project: `/platform/projects/{ref}/**` and `/platform/pg-meta/{ref}/**`. */
const PROJECT_PATH = /^\/platform\/(projects|pg-meta)\/([^/]+)(\/.*)?$/
/**
 * The logs screen's own reads are not recorded: with live tail on, a viewer would otherwise fill
 * the API gateway logs with its own polling (one line every few seconds per open tab).
 */
const LOGS_READ = /^\/logs\/?$/

const MAX_USER_AGENT_CHARS = 512

/** The project a platform path is aimed at, or null. */
export function projectRefOfPath(path: string): string | null {
  const match = PROJECT_PATH.exec(path)
  if (!match) return null
  try {
    const ref = decodeURIComponent(match[2])
    return ref.length > 0 && ref.length <= 64 ? ref : null
  } catch {
    return null
  }
}

/**
 * Records an API gateway line (edge_logs) for a platform request aimed at a project: method, path
 * (never the query string, which may carry secrets), status, duration, request id, user agent.
 * These are the dashboard's own requests: marked `dashboard: true`, which the logs hide unless asked.
 */
export function recordGatewayRequest(request: CompletedRequest): void {
  const ref = projectRefOfPath(request.path)
  if (!ref) return
  const match = PROJECT_PATH.exec(request.path)!
  if (match[1] === 'projects' && request.method === 'GET' && LOGS_READ.test(match[3] ?? '')) return
  const durationMs = Math.round(request.durationMs * 100) / 100
  const requestId = firstHeader(request.headers['x-request-id']) ?? null
  const userAgent = firstHeader(request.headers['user-agent'])?.slice(0, MAX_USER_AGENT_CHARS) ?? null
  recordLogEvent({
    ref,
    source: 'edge_logs',
    level: levelOfStatus(request.status),
    event_message: `${request.method} | ${request.status} | ${durationMs} ms | ${request.path}`,
    metadata: {
      method: request.method,
      path: request.path,
      status_code: request.status,
      duration_ms: durationMs,
      request_id: requestId,
      user_agent: userAgent,
      dashboard: true,
    },
    timestamp: request.startedAt,
  })
}

/** One request to a project's API as its gateway answered it. */
export type ProjectApiRequest = RestAnswer & {
  /** The service that answered (rest, auth, storage, functions, realtime), or null when none serves the path. */
  service: string | null
  requestId: string | null
  userAgent: string | null
}

/**
 * Records the API gateway line (edge_logs) of a request to a project's API (issue 26), as the
 * anchor's gateway logs every request an app sends: method, path and query (without credentials),
 * status, duration, the role that answered, bytes, service, request id and user agent. Never a
 * header's value otherwise, nor a body. Queued: the request never waits.
 */
export function recordProjectApiRequest(request: ProjectApiRequest): void {
  const line = answerLogEvent(request, 'edge_logs')
  recordLogEvent({
    ...line,
    metadata: {
      ...line.metadata,
      service: request.service,
      request_id: request.requestId,
      user_agent: request.userAgent?.slice(0, MAX_USER_AGENT_CHARS) ?? null,
      dashboard: false,
    },
  })
}
