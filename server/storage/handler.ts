import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import type { z } from 'zod'
import { ApiError } from '../http/errors'
import { DEFAULT_BODY_LIMIT, readBody } from '../http/node-adapter'
import { decodeUtf8Body, describeIssues, findUnsafeJson } from '../http/validate'
import { recordStorageAnswer } from '../logs/storage-log'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { TENANT_CSP } from '@/lib/tenant-content'
import type { ProjectRequest } from '../project-api/frame'
import { storageCaller, storageRefusal } from './caller'
import { invalidRequest, StorageApiError, storagePostgresError } from './errors'
import type { StorageContext, StorageReply } from './route'
import { isResumablePath, resumableHandler } from './resumable/handler'
import { matchStorageRoute } from './routes'
import { sweepNowAndThen } from './sweep'

/**
 * The node handler of `{project API}/storage/v1/*`, which the project API's handler dispatches to
 * (rest/handler.ts), speaking Supabase Storage's protocol as `@supabase/storage-js` calls it
 * (routes.ts): the project key or a user's token on every route but the open ones (public objects,
 * signed URLs), errors in Storage's shape (errors.ts), and now and then a sweep of what interrupted
 * uploads left (sweep.ts). The gateway declares it (STORAGE_SERVICE): CORS, the caller's check, a
 * `storage_logs` line and egress metering per request.
 */

const PATH = /^\/([^/]+)\/storage\/v1(\/[^?]*)?$/

/** The storage API's own answers (JSON, empty) are inert; a download sets its own (downloads.ts: a PDF has no sandbox). */
const OWN_ANSWER_HEADERS: Record<string, string> = { 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': TENANT_CSP }

/** The ref and path below `/storage/v1` of a storage URL, else null. */
export function matchStoragePath(pathname: string): { ref: string; path: string } | null {
  const match = PATH.exec(pathname)
  if (!match || !PROJECT_REF_PATTERN.test(match[1])) return null
  return { ref: match[1], path: match[2] ?? '/' }
}

function parsed<S extends z.ZodType>(schema: S, data: unknown, what: string): z.infer<S> {
  const unsafe = findUnsafeJson(data)
  if (unsafe) throw invalidRequest(`Invalid ${what}: ${unsafe}`)
  const result = schema.safeParse(data)
  if (!result.success) throw invalidRequest(`Invalid ${what}: ${describeIssues(result.error)}`)
  return result.data
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = decodeUtf8Body(await readBody(req, DEFAULT_BODY_LIMIT)).trim()
  if (text === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw invalidRequest('Malformed JSON in request body')
  }
}

/** Whether a request is answered without a credential: an open route (public objects, signed URLs), or one storage refuses or checks itself first (no such route, a resumable upload's). */
function answeredOpen(frame: ProjectRequest): boolean {
  const path = frame.path.slice('/storage/v1'.length) || '/'
  if (isResumablePath(path)) return true
  try {
    const found = matchStorageRoute(frame.method === 'HEAD' ? 'GET' : frame.method, path)
    return !('route' in found) || found.route.open === true
  } catch {
    return true // an undecodable path: the handler names the problem
  }
}

/** How the gateway declares storage (project-api/gateway.ts): who must prove themselves, and each answer's storage_logs line (not a preflight's). */
export const STORAGE_SERVICE = {
  auth: { proves: 'caller', open: answeredOpen, refusal: (reason: 'missing' | 'invalid') => storageRefusal(reason).toJSON() },
  log(frame: ProjectRequest, res: ServerResponse, req: IncomingMessage) {
    if (frame.method === 'OPTIONS') return
    recordStorageAnswer({ ref: frame.ref, method: frame.method, url: req.url ?? '/', status: res.statusCode, durationMs: performance.now() - frame.started, role: frame.role, bytes: frame.sent, uploadedBytes: Number(req.headers['content-length'] ?? 0) || 0, startedAt: frame.startedAt })
  },
} as const

async function handle(req: IncomingMessage, method: string, url: URL, path: string, frame: ProjectRequest): Promise<StorageReply> {
  const ref = frame.ref
  // HEAD is a GET whose body is not sent (send below): every download answers it.
  const found = matchStorageRoute(method === 'HEAD' ? 'GET' : method, path)
  if (!('route' in found)) {
    if (found.allowed.length) throw new StorageApiError(405, 'InvalidRequest', `Method ${method} is not allowed on /storage/v1${path}; use ${found.allowed.join(', ')}`)
    throw new StorageApiError(404, 'NotFound', `No such storage endpoint: ${method} /storage/v1${path}`)
  }
  const caller = found.route.open ? null : await storageCaller(frame) // proven by the gateway (STORAGE_SERVICE.auth)
  const ctx: StorageContext = {
    ref,
    req,
    caller,
    params: found.params,
    signal: frame.signal,
    query: (schema) => parsed(schema, Object.fromEntries(url.searchParams), 'query parameters'),
    json: async (schema) => parsed(schema, await readJson(req), 'request body'),
  }
  return found.route.handler(ctx)
}

function errorReply(error: unknown, method: string, req: IncomingMessage): StorageReply {
  const known =
    error instanceof StorageApiError ? error
    : error instanceof ApiError ? new StorageApiError(error.status, error.status === 413 ? 'EntityTooLarge' : 'InvalidRequest', error.message)
    : error instanceof URIError ? invalidRequest('Invalid path: it is not validly percent-encoded UTF-8')
    : (storagePostgresError(error) ??
      // A client that left mid-upload: nothing was kept (uploads.ts), and nobody is there to read this.
      (req.readableAborted ? invalidRequest('The request ended before its body was complete') : null))
  if (!known) console.error(`[storage] ${method} ${new URL(req.url ?? '/', 'http://localhost').pathname} failed`, error instanceof Error ? error.message : 'unknown error')
  const failure = known ?? new StorageApiError(500, 'InternalError', 'Internal server error')
  // A body not read to its end (an upload refused before or while it came) is not read on: the connection closes.
  const headers: Record<string, string> = req.complete ? {} : { Connection: 'close' }
  return { status: failure.status, json: failure.toJSON(), headers }
}

async function send(res: ServerResponse, method: string, reply: StorageReply): Promise<void> {
  for (const [k, v] of Object.entries({ ...(reply.stream ? {} : OWN_ANSWER_HEADERS), ...reply.headers })) res.setHeader(k, v)
  res.statusCode = reply.status
  if (reply.stream && method === 'HEAD') {
    reply.stream.destroy()
    res.end()
    return
  }
  if (reply.stream) {
    await pipeline(reply.stream, res).catch(() => {}) // a client that leaves ends the read
    return
  }
  if (reply.json === undefined) {
    res.end()
    return
  }
  const body = JSON.stringify(reply.json)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(method === 'HEAD' ? undefined : body)
}

/** Serves one storage request, as the gateway hands it (STORAGE_SERVICE: checked, logged and metered there). */
export async function storageHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const method = frame.method
  const matched = matchStoragePath(url.pathname)
  if (!matched) return send(res, method, { status: 404, json: new StorageApiError(404, 'TenantNotFound', 'No such project').toJSON() })
  if (isResumablePath(matched.path)) {
    // A resumable upload's request (resumable/handler.ts): tus answers it unless it is refused first.
    try {
      await resumableHandler(req, res, frame, matched.path)
    } catch (error) {
      if (res.headersSent) res.destroy()
      else await send(res, method, errorReply(error, method, req))
    }
  } else if (method === 'OPTIONS') {
    return send(res, method, { status: 200 })
  } else {
    let reply: StorageReply
    try {
      reply = await handle(req, method, url, matched.path, frame)
    } catch (error) {
      reply = errorReply(error, method, req)
    }
    await send(res, method, reply)
  }
  if (res.statusCode < 300 && method !== 'OPTIONS') sweepNowAndThen(matched.ref) // a project that exists
}
