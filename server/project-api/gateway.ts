/**
 * The project API's one gateway (issue 22): every request to a project's API, on its own origin
 * (the second port, or PROJECT_API_URL behind a proxy; lib/project-api-url.ts), comes here first.
 * It finds the project the request names (its Host, or the first segment of its path), rewrites
 * the request's URL to the one shape every service reads (`/{ref}/{service}/v1/...`), and hands it
 * to the service declared for that prefix. The dashboard's origin serves none of this.
 *
 * The services are data: a prefix, the handler, the CORS the gateway sets on every answer of it
 * (cors.ts), who must prove themselves and how a refusal reads (the gateway checks before the
 * service runs), and the log line of an answer. The frame every service used to write for itself
 * (the project, the start, the client leaving, the caller, the bytes sent) is made here once
 * (frame.ts); every answer's bytes are metered as the project's egress here. `npm run routes`
 * lists each service's routes from `projectServiceRoutes()`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { resolveProjectRequest } from '@/lib/project-api-url'
import { recordProjectEgress } from '../billing/metering'
import { firstHeader } from '../http/headers'
import { recordProjectApiRequest } from '../logs/gateway-log'
import { getStore } from '../db/store'
import { verifyProjectKey } from '../projects/api-keys'
import { functionsHandler } from '../functions/gateway'
import { PROJECT_AUTH_SERVICE, projectAuthHandler } from '../project-auth/handler'
import { projectAuthRoutes } from '../project-auth/routes'
import { realtimeHttpHandler, REALTIME_HTTP_ROUTES, REALTIME_SERVICE } from '../realtime/http'
import { defaultRealtimeServer, matchRealtimePath } from '../realtime/server'
import { restHandler, REST_ROUTES, REST_SERVICE } from '../rest/handler'
import { storageHandler, STORAGE_SERVICE } from '../storage/handler'
import { STORAGE_ROUTES } from '../storage/routes'
import { projectApiSettings } from '../projects/api-endpoint'
import { PROJECT_CORS, type CorsPolicy } from './cors'
import { projectRequest, type ProjectRequest } from './frame'

export type NodeHandler = (req: IncomingMessage, res: ServerResponse, frame: ProjectRequest) => Promise<void>
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>

/**
 * Who must prove themselves before a service runs (never for a CORS preflight), checked by the gateway:
 * - `key`: a project key in `apikey` (a user's token may ride along; the service reads it);
 * - `caller`: a key in `apikey`, or a key or user's token as the bearer (`frame.caller()`);
 * - `keyed-caller`: as `caller`, with `apikey` present;
 * - `function`: each function's own setting (verify_jwt), which the service checks: its refusals are
 *   the function's and show in its logs.
 */
export type ServiceAuth =
  | { proves: 'function' }
  | {
      proves: 'key' | 'caller' | 'keyed-caller'
      /** Requests answered without a credential, whose own token is one (a recovery link, a signed or public URL). */
      open?: (frame: ProjectRequest) => boolean
      /** The service's 401: the body its clients read for a missing or an invalid credential. */
      refusal: (reason: 'missing' | 'invalid') => unknown
    }

export type ProjectService = {
  name: 'auth' | 'storage' | 'functions' | 'realtime' | 'rest'
  /** The path below the project's URL, e.g. `/rest/v1`. */
  prefix: string
  handle: NodeHandler
  /** What browsers may send it and read of its answers (project-api/cors.ts), set on every answer. */
  cors: CorsPolicy
  auth: ServiceAuth
  /** The answer's log line, once it is out (null: the service logs events of its own, as functions' invocations and realtime's). */
  log: ((frame: ProjectRequest, res: ServerResponse, req: IncomingMessage) => void) | null
}

export const PROJECT_SERVICES: readonly ProjectService[] = [
  { name: 'auth', prefix: '/auth/v1', handle: projectAuthHandler, cors: PROJECT_CORS.auth, ...PROJECT_AUTH_SERVICE },
  { name: 'storage', prefix: '/storage/v1', handle: storageHandler, cors: PROJECT_CORS.storage, ...STORAGE_SERVICE },
  { name: 'functions', prefix: '/functions/v1', handle: functionsHandler, cors: PROJECT_CORS.functions, auth: { proves: 'function' }, log: null },
  { name: 'realtime', prefix: '/realtime/v1', handle: realtimeHttpHandler, cors: PROJECT_CORS.realtime, ...REALTIME_SERVICE },
  { name: 'rest', prefix: '/rest/v1', handle: restHandler, cors: PROJECT_CORS.rest, ...REST_SERVICE },
]

const PROVES: Record<ServiceAuth['proves'], string> = {
  key: 'project key',
  caller: 'key or user token',
  'keyed-caller': 'key (+ user token)',
  function: "the function's setting",
}

/** Every service's routes (`METHOD /prefix/path`) and who must prove themselves, for `npm run routes` and the walks. */
export function projectServiceRoutes(): { service: string; method: string; path: string; auth: string }[] {
  const split = (route: string) => {
    const [method, path] = route.split(' ')
    return { method, path }
  }
  const proves = (name: ProjectService['name']) => PROVES[PROJECT_SERVICES.find((s) => s.name === name)!.auth.proves]
  const open = 'none (public, or its own token)'
  const rows = [
    ...projectAuthRoutes.map((r) => ({ service: 'auth', method: r.method, path: r.path.replace(/^\/:ref/, '') })).map((r) => ({ ...r, auth: r.method === 'GET' && r.path === '/auth/v1/verify' ? open : proves('auth') })),
    ...STORAGE_ROUTES.map((r) => ({ service: 'storage', method: r.method, path: `/storage/v1${r.path}`, auth: r.open ? open : proves('storage') })),
    { service: 'functions', method: 'ANY', path: '/functions/v1/{slug}[/...]', auth: proves('functions') },
    ...REALTIME_HTTP_ROUTES.map((r) => ({ service: 'realtime', ...split(r) })).map((r) => ({ ...r, auth: r.path.endsWith('/api/broadcast') ? proves('realtime') : 'the socket’s own check' })),
    ...REST_ROUTES.map((r) => ({ service: 'rest', ...split(r), auth: proves('rest') })),
  ]
  return rows.map((r) => (r.method === 'OPTIONS' ? { ...r, auth: 'none (preflight)' } : r))
}

type Found = { ref: string; path: string; service: ProjectService | undefined }

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) })
  res.end(body)
}

/** Whether the request proves what its service asks (ServiceAuth); answers the service's 401 when not. */
async function admitted(service: ProjectService, frame: ProjectRequest, res: ServerResponse): Promise<boolean> {
  const auth = service.auth
  if (auth.proves === 'function' || frame.method === 'OPTIONS' || auth.open?.(frame)) return true
  const { apikey, bearer } = frame.credentials
  const missing = auth.proves === 'caller' ? !apikey && !bearer : !apikey
  const proven =
    missing ? false
    : auth.proves === 'key' ? (await verifyProjectKey(await getStore(), frame.ref, apikey!)) !== null
    : (await frame.caller()) !== null
  if (!proven) sendJson(res, 401, auth.refusal(missing ? 'missing' : 'invalid'))
  return proven
}

/** The project and service a request names, its URL rewritten to `/{ref}{path}{query}`; null: none. */
function route(req: IncomingMessage): Found | null {
  const raw = req.url ?? '/'
  const at = raw.indexOf('?')
  const pathname = at < 0 ? raw : raw.slice(0, at)
  const target = resolveProjectRequest(projectApiSettings(), req.headers.host, pathname)
  if (!target) return null
  req.url = `/${target.ref}${target.path}${at < 0 ? '' : raw.slice(at)}`
  const service = PROJECT_SERVICES.find((s) => target.path === s.prefix || target.path.startsWith(`${s.prefix}/`))
  return { ...target, service }
}

const NOT_FOUND_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff' }

function notFound(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ code: 404, error_code: 'not_found', message })
  res.writeHead(404, { ...NOT_FOUND_HEADERS, 'Content-Length': String(Buffer.byteLength(body)) })
  res.end(body)
}

/** The project API's request handler (server.mjs's second listener, the test platform). */
export async function projectApiGateway(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const found = route(req)
  if (!found) return notFound(res, 'No project at this address: a project API URL is {project url}/rest/v1, /auth/v1, /storage/v1, /functions/v1 or /realtime/v1')
  const frame = projectRequest(req, res, found.ref, found.path)
  if (!found.service) {
    notFound(res, `No service at ${found.path}: a project serves /rest/v1, /auth/v1, /storage/v1, /functions/v1 and /realtime/v1`)
    return logGatewayLine(frame, req, res, null)
  }
  const service = found.service
  for (const [name, value] of Object.entries(service.cors)) res.setHeader(name, value)
  try {
    if (await admitted(service, frame, res)) await service.handle(req, res, frame)
  } catch (error) {
    console.error(`[project-api] ${frame.method} ${service.prefix} failed`, error instanceof Error ? error.message : 'unknown error')
    if (!res.headersSent) sendJson(res, 500, { code: 500, error_code: 'unexpected_failure', message: 'Internal server error' })
    else res.destroy()
  }
  recordProjectEgress(found.ref, frame.sent)
  service.log?.(frame, res, req)
  logGatewayLine(frame, req, res, service.name)
}

/** The API gateway's line of every request to a project's API (edge_logs), whichever service answered. */
function logGatewayLine(frame: ProjectRequest, req: IncomingMessage, res: ServerResponse, service: ProjectService['name'] | null): void {
  recordProjectApiRequest({
    ref: frame.ref,
    method: frame.method,
    url: req.url ?? frame.path,
    status: res.statusCode,
    durationMs: performance.now() - frame.started,
    role: frame.role,
    bytes: frame.sent,
    startedAt: frame.startedAt,
    service,
    requestId: firstHeader(req.headers['x-request-id']) ?? null,
    userAgent: firstHeader(req.headers['user-agent']) ?? null,
  })
}

/** The project API's WebSocket upgrades: a project's realtime socket, and nothing else. */
export async function projectApiUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, server = defaultRealtimeServer()): Promise<void> {
  const found = route(req)
  if (!found || matchRealtimePath((req.url ?? '/').split('?', 1)[0]) === null) return void socket.destroy()
  const startedAt = new Date()
  const started = performance.now()
  const { status, role } = await server.handleUpgrade(req, socket, head)
  recordProjectApiRequest({
    ref: found.ref,
    method: req.method ?? 'GET',
    url: req.url ?? found.path,
    status,
    durationMs: performance.now() - started,
    role,
    bytes: 0,
    startedAt,
    service: 'realtime',
    requestId: firstHeader(req.headers['x-request-id']) ?? null,
    userAgent: firstHeader(req.headers['user-agent']) ?? null,
  })
}
