import type { IncomingMessage, ServerResponse } from 'node:http'
import { gotrueErrorBody } from '../auth-router'
import { getStore } from '../db/store'
import { createNodeHandler } from '../http/node-adapter'
import { Router } from '../http/router'
import { verifyProjectKey } from '../projects/api-keys'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { recordAuthRequest } from './events'
import { projectAuthRoutes } from './routes'

/**
 * The node handler of `{project API}/auth/v1/*`, which the project API's catch-all dispatches to:
 * CORS (browsers call it from the app's origin), the project `apikey` on every request but the
 * recovery link's `GET /verify` (opened from a browser's address bar, its one-time token is the
 * credential), GoTrue-shaped errors, and an `auth_logs` line per request.
 */

const PATH = /^\/([^/]+)\/auth\/v1(\/[^?]*)?$/

const router = new Router().declare(projectAuthRoutes)
const serve = createNodeHandler(router, { prefix: /^(?!)/, errorBody: gotrueErrorBody })

/** The ref and path below `/auth/v1` of a project auth URL, else null. */
export function matchProjectAuthPath(pathname: string): { ref: string; path: string } | null {
  const match = PATH.exec(pathname)
  if (!match || !PROJECT_REF_PATTERN.test(match[1])) return null
  return { ref: match[1], path: match[2] ?? '/' }
}

function refuse(res: ServerResponse, status: number, message: string, code: string): void {
  const body = JSON.stringify(gotrueErrorBody(status, message, code))
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim()

export async function projectAuthHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase()
  const matched = matchProjectAuthPath(new URL(req.url ?? '/', 'http://localhost').pathname)
  if (method === 'OPTIONS') {
    res.statusCode = 200
    res.end()
    return
  }
  if (!matched) return refuse(res, 404, 'No such project', 'not_found')
  const startedAt = new Date()
  const started = performance.now()
  try {
    const opensLink = method === 'GET' && matched.path.replace(/\/$/, '') === '/verify'
    const apikey = header(req.headers.apikey)
    if (!opensLink && !apikey) {
      refuse(res, 401, 'No API key found in request', 'no_api_key')
    } else if (!opensLink && !(await verifyProjectKey(await getStore(), matched.ref, apikey!))) {
      refuse(res, 401, 'Invalid API key', 'invalid_api_key')
    } else {
      await serve(req, res)
    }
  } catch (error) {
    console.error(`[project-auth] ${method} ${matched.path} failed`, error instanceof Error ? error.message : 'unknown error')
    if (!res.headersSent) refuse(res, 500, 'Internal server error', 'unexpected_failure')
  }
  recordAuthRequest(matched.ref, {
    method,
    path: `/auth/v1${matched.path}`,
    status: res.statusCode,
    startedAt,
    durationMs: performance.now() - started,
    headers: req.headers,
  })
}
