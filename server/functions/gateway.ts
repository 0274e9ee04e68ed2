import crypto from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../http/errors'
import { readBody } from '../http/node-adapter'
import { verifyProjectBearer } from '../project-auth/bearer'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { functionAnswerHeaders, TENANT_CSP } from '@/lib/tenant-content'
import { recordFunctionInvocation } from '../logs/function-log'
import { internalProjectApiEndpoint } from '../projects/api-endpoint'
import { PROJECT_CORS } from '../project-api/cors'
import type { ProjectRequest } from '../project-api/frame'
import { findServing, GatewayError, limitsOf, runInvocation } from './invoke'
import type { ServingRow } from './store'
import { firstHeader as header } from '../http/headers'

/**
 * `{project url}/functions/v1/{slug}[/more][?query]`: where apps call a project's Edge Functions
 * (supabase-js `functions.invoke`, or any HTTP client). The gateway answers CORS preflights
 * itself, checks the caller's `Authorization` JWT with the project's secret unless the function
 * has verification off (a project key, or a project user's access token), refuses bodies past
 * the plan's limit, then hands the request to the function's worker (invoke.ts). Its own
 * refusals and the runtime's answer `{ code, message }` with a status that says why. The
 * function's answer reaches the caller as tenant content (lib/tenant-content.ts): never an active
 * document (HTML and XML as text/plain, nosniff, CSP sandbox), without the headers that would act
 * beyond it (Set-Cookie, Service-Worker-Allowed, Strict-Transport-Security, ...).
 */

const PATH = /^\/([^/]+)\/functions\/v1\/([^/?]+)(\/[^?]*)?$/

/** The gateway's own answers are inert too. */
const OWN_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': TENANT_CSP }

/** Headers of the worker's answer that this server sets itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'trailer'])

export function matchFunctionsPath(pathname: string): { ref: string; slug: string; subpath: string } | null {
  const match = PATH.exec(pathname)
  if (!match || !PROJECT_REF_PATTERN.test(match[1])) return null
  let slug: string
  try {
    slug = decodeURIComponent(match[2])
  } catch {
    return null
  }
  return { ref: match[1], slug, subpath: match[3] ?? '' }
}


/** A project key or a project user's access token, signed with the project's current secret. */
export async function verifyJwt(ref: string, authorization: string | undefined): Promise<void> {
  if (!authorization) throw new GatewayError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header: send the project\'s anon key or a user\'s access token as "Authorization: Bearer <jwt>"')
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1]
  if (!bearer) throw new GatewayError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid authorization header: expected "Bearer <jwt>"')
  if (await verifyProjectBearer(ref, bearer)) return
  throw new GatewayError(401, 'UNAUTHORIZED_INVALID_JWT', 'Invalid JWT: it is expired, malformed, or not signed with this project\'s secret')
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { ...OWN_HEADERS, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/** A function's call, as the project API's gateway hands it (its refusals and invocations log themselves; the gateway meters the bytes). */
export async function functionsHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const found = matchFunctionsPath(url.pathname)
  if (!found) {
    sendJson(res, 404, { code: 'NOT_FOUND', message: 'No such function: call {project url}/functions/v1/{slug}' })
    return
  }
  const method = frame.method
  if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
    const asked = header(req.headers['access-control-request-headers'])
    res.writeHead(200, { ...OWN_HEADERS, ...(asked ? { 'Access-Control-Allow-Headers': `${PROJECT_CORS.functions['Access-Control-Allow-Headers']}, ${asked}` } : {}), 'Content-Length': 0 })
    res.end()
    return
  }
  const { startedAt, started } = frame
  let refusable: ServingRow | null = null
  try {
    const row = await findServing(found.ref, found.slug)
    // Refusals from here on are the function's: its logs show them (a 401 an app gets is there to see).
    refusable = row
    if (row.verify_jwt) await verifyJwt(found.ref, header(req.headers.authorization))
    const limits = limitsOf(row)
    let body: Buffer | null = null
    if (method !== 'GET' && method !== 'HEAD') {
      try {
        body = await readBody(req, limits.requestBytes)
      } catch (error) {
        if (error instanceof ApiError && error.status === 413) {
          throw new GatewayError(413, 'REQUEST_TOO_LARGE', `The request body is larger than the function limit of ${limits.requestBytes / (1024 * 1024)} MB on this plan`)
        }
        throw error
      }
    }
    refusable = null // the invocation logs itself
    const answer = await runInvocation({ ref: found.ref, row, method, subpath: found.subpath, search: url.search, headers: req.headers, apiUrl: internalProjectApiEndpoint(found.ref), body, signal: frame.signal })
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of functionAnswerHeaders(answer.headers)) {
      const lower = name.toLowerCase()
      if (HOP_BY_HOP.has(lower)) continue
      const prior = headers[lower]
      headers[lower] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value]
    }
    if (!headers['access-control-allow-origin']) headers['access-control-allow-origin'] = '*'
    headers['content-length'] = String(answer.body.length)
    res.writeHead(answer.status, answer.statusText || undefined, headers)
    res.end(method === 'HEAD' ? undefined : answer.body)
  } catch (error) {
    if (frame.signal.aborted) return // the caller left: nobody to answer
    if (res.headersSent) {
      res.destroy()
      return
    }
    if (error instanceof GatewayError) {
      sendJson(res, error.status, { code: error.code, message: error.message })
      if (refusable) {
        const row = refusable
        recordFunctionInvocation({ ref: found.ref, functionId: row.id, slug: row.slug, version: row.active_version, executionId: crypto.randomUUID(), method, path: `/${row.slug}${found.subpath}`, status: error.status, durationMs: performance.now() - started, cold: false, error: error.code, startedAt })
      }
    }
    else {
      console.error(`[platform-api] edge function gateway: ${error instanceof Error ? error.message : String(error)}`)
      sendJson(res, 500, { code: 'INTERNAL_ERROR', message: 'The gateway failed to run the function' })
    }
  }
}
