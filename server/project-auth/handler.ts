import type { IncomingMessage, ServerResponse } from 'node:http'
import { gotrueErrorBody } from '../auth-router'
import { createNodeHandler } from '../http/node-adapter'
import { Router } from '../http/router'
import type { ProjectRequest } from '../project-api/frame'
import { recordAuthRequest } from './events'
import { projectAuthRoutes } from './routes'

/**
 * The node handler of `{project API}/auth/v1/*`, as the project API's gateway hands it: GoTrue's
 * routes (routes.ts) with GoTrue-shaped errors. The gateway declares the rest (PROJECT_AUTH_SERVICE):
 * CORS, the project `apikey` on every request but the recovery link's `GET /verify` (opened from a
 * browser's address bar, its one-time token is the credential), an `auth_logs` line per request.
 */

const router = new Router().declare(projectAuthRoutes)
const serve = createNodeHandler(router, { prefix: /^(?!)/, errorBody: gotrueErrorBody })

/** The path below `/auth/v1` (`/verify`), without a trailing slash. */
const authPath = (frame: ProjectRequest) => frame.path.slice('/auth/v1'.length).replace(/\/$/, '') || '/'

export const PROJECT_AUTH_SERVICE = {
  auth: {
    proves: 'key',
    open: (frame: ProjectRequest) => frame.method === 'GET' && authPath(frame) === '/verify',
    refusal: (reason: 'missing' | 'invalid') =>
      reason === 'missing' ? gotrueErrorBody(401, 'No API key found in request', 'no_api_key') : gotrueErrorBody(401, 'Invalid API key', 'invalid_api_key'),
  },
  log(frame: ProjectRequest, res: ServerResponse, req: IncomingMessage) {
    if (frame.method === 'OPTIONS') return
    recordAuthRequest(frame.ref, {
      method: frame.method,
      path: frame.path,
      status: res.statusCode,
      startedAt: frame.startedAt,
      durationMs: performance.now() - frame.started,
      headers: req.headers,
    })
  },
} as const

export async function projectAuthHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest): Promise<void> {
  if (frame.method === 'OPTIONS') {
    res.statusCode = 200
    res.end()
    return
  }
  try {
    await serve(req, res)
  } catch (error) {
    console.error(`[project-auth] ${frame.method} ${authPath(frame)} failed`, error instanceof Error ? error.message : 'unknown error')
    if (!res.headersSent) {
      const body = JSON.stringify(gotrueErrorBody(500, 'Internal server error', 'unexpected_failure'))
      res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) })
      res.end(body)
    }
  }
}
