/**
 * The project API's one gateway (issue 22): every request to a project's API, on its own origin
 * (the second port, or PROJECT_API_URL behind a proxy; lib/project-api-url.ts), comes here first.
 * It finds the project the request names (its Host, or the first segment of its path), rewrites
 * the request's URL to the one shape every service reads (`/{ref}/{service}/v1/...`), and hands it
 * to the service declared for that prefix. The dashboard's origin serves none of this.
 *
 * The services are data: a prefix, the handler, the CORS the gateway sets on every answer of it
 * (cors.ts), and whether the gateway meters the answer's bytes as the project's egress (the others
 * meter and log their own). `npm run routes` lists each service's routes from `PROJECT_SERVICE_ROUTES`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { resolveProjectRequest } from '@/lib/project-api-url'
import { recordProjectEgress } from '../billing/metering'
import { functionsHandler } from '../functions/gateway'
import { projectAuthHandler } from '../project-auth/handler'
import { projectAuthRoutes } from '../project-auth/routes'
import { realtimeHttpHandler, REALTIME_HTTP_ROUTES } from '../realtime/http'
import { defaultRealtimeServer, matchRealtimePath } from '../realtime/server'
import { restHandler, REST_ROUTES } from '../rest/handler'
import { storageHandler } from '../storage/handler'
import { STORAGE_ROUTES } from '../storage/routes'
import { projectApiSettings } from '../projects/api-endpoint'
import { PROJECT_CORS, type CorsPolicy } from './cors'

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>

export type ProjectService = {
  name: 'auth' | 'storage' | 'functions' | 'realtime' | 'rest'
  /** The path below the project's URL, e.g. `/rest/v1`. */
  prefix: string
  handle: NodeHandler
  /** What browsers may send it and read of its answers (project-api/cors.ts), set on every answer. */
  cors: CorsPolicy
  /** The gateway records the answer's bytes as the project's egress (the service does not). */
  meterEgress: boolean
}

export const PROJECT_SERVICES: readonly ProjectService[] = [
  { name: 'auth', prefix: '/auth/v1', handle: projectAuthHandler, cors: PROJECT_CORS.auth, meterEgress: true },
  { name: 'storage', prefix: '/storage/v1', handle: storageHandler, cors: PROJECT_CORS.storage, meterEgress: false },
  { name: 'functions', prefix: '/functions/v1', handle: functionsHandler, cors: PROJECT_CORS.functions, meterEgress: false },
  { name: 'realtime', prefix: '/realtime/v1', handle: realtimeHttpHandler, cors: PROJECT_CORS.realtime, meterEgress: false },
  { name: 'rest', prefix: '/rest/v1', handle: restHandler, cors: PROJECT_CORS.rest, meterEgress: false },
]

/** Every service's routes (`METHOD /prefix/path`), for `npm run routes` and the walks. */
export function projectServiceRoutes(): { service: string; method: string; path: string }[] {
  const split = (route: string) => {
    const [method, path] = route.split(' ')
    return { method, path }
  }
  return [
    ...projectAuthRoutes.map((r) => ({ service: 'auth', method: r.method, path: r.path.replace(/^\/:ref/, '') })),
    ...STORAGE_ROUTES.map((r) => ({ service: 'storage', method: r.method, path: `/storage/v1${r.path}` })),
    { service: 'functions', method: 'ANY', path: '/functions/v1/{slug}[/...]' },
    ...REALTIME_HTTP_ROUTES.map((r) => ({ service: 'realtime', ...split(r) })),
    ...REST_ROUTES.map((r) => ({ service: 'rest', ...split(r) })),
  ]
}

type Found = { ref: string; path: string; service: ProjectService | undefined }

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
  if (!found.service) return notFound(res, `No service at ${found.path}: a project serves /rest/v1, /auth/v1, /storage/v1, /functions/v1 and /realtime/v1`)
  for (const [name, value] of Object.entries(found.service.cors)) res.setHeader(name, value)
  await found.service.handle(req, res)
  if (found.service.meterEgress) recordProjectEgress(found.ref, Number(res.getHeader('content-length') ?? 0))
}

/** The project API's WebSocket upgrades: a project's realtime socket, and nothing else. */
export async function projectApiUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, server = defaultRealtimeServer()): Promise<void> {
  const found = route(req)
  if (!found || matchRealtimePath((req.url ?? '/').split('?', 1)[0]) === null) return void socket.destroy()
  await server.handleUpgrade(req, socket, head)
}
