import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { firstIssue, realtimeConnectQuery, type RealtimeVsn } from '@/lib/api-types/realtime'
import { getStore } from '../db/store'
import { verifyProjectCaller } from '../project-auth/bearer'
import { verifyInspectorToken } from './inspector-token'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { CLOSE_POLICY, RealtimeConnection } from './connection'
import { RealtimeHub } from './hub'
import { LARGEST_MESSAGE_BYTES, realtimeLimits, type RealtimeLimits } from './limits'
import type { RealtimeCaller } from './member'
import { firstHeader as header } from '../http/headers'

/**
 * `{project url}/realtime/v1/websocket?apikey=…&vsn=…`: the WebSocket endpoint realtime-js
 * connects to. The upgrade is answered only for a key of the project (the `apikey` parameter or
 * header, verified as the REST API verifies it) and while the project has fewer connections here
 * than its plan allows (else the socket is opened and closed at once with code 1008 and the
 * reason, which the client sees). A plain HTTP request to the path answers 401 without a valid
 * key and 426 with one (`realtimeHttpAnswer`). One RealtimeServer per HTTP server: the dashboard's
 * (server.mjs, through direct-routes.ts) or a test's.
 */

const PATH = /^\/([^/]+)\/realtime\/v1\/websocket\/?$/

/** The project a realtime socket URL names, or null when the path is not the endpoint's. */
export function matchRealtimePath(pathname: string): string | null {
  const match = PATH.exec(pathname)
  if (!match) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}

type Refusal = { status: number; error_code: string; message: string }
/** `inspector`: the key is a Dashboard → Realtime token (inspector-token.ts), so are the channels' tokens. */
type Accepted = { ref: string; apikey: string; vsn: RealtimeVsn; caller: RealtimeCaller; inspector: boolean }


/** Who connects: the path's project, the key and its role, the serializer; or why not. */
export async function admit(url: URL, headers: IncomingHttpHeaders): Promise<Accepted | Refusal> {
  const ref = matchRealtimePath(url.pathname)
  if (!ref) return { status: 404, error_code: 'not_found', message: `No realtime endpoint at ${url.pathname}: connect to {project url}/realtime/v1/websocket` }
  const query = realtimeConnectQuery.safeParse(Object.fromEntries(url.searchParams))
  if (!query.success) return { status: 400, error_code: 'validation_failed', message: `Invalid connection parameters: ${firstIssue(query.error)}` }
  const apikey = query.data.apikey ?? header(headers.apikey)?.trim()
  if (!apikey) return { status: 401, error_code: 'no_api_key', message: 'No API key found in request: pass the project key as the apikey parameter' }
  const caller = await verifyProjectCaller(ref, apikey, undefined)
  if (caller) return { ref, apikey, vsn: query.data.vsn, caller, inspector: false }
  const inspected = await verifyInspectorToken(await getStore(), ref, apikey)
  if (!inspected) return { status: 401, error_code: 'invalid_api_key', message: 'Invalid API key' }
  return { ref, apikey, vsn: query.data.vsn, caller: inspected, inspector: true }
}

const isRefusal = (value: Accepted | Refusal): value is Refusal => 'status' in value

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 426: 'Upgrade Required', 500: 'Internal Server Error' }

/** A refusal's JSON body, in the shape the project API's other services answer (GoTrue's code, error_code, message). */
export const refusalBody = (refusal: Refusal) => JSON.stringify({ code: refusal.status, error_code: refusal.error_code, message: refusal.message })

function refuseUpgrade(socket: Duplex, refusal: Refusal): void {
  const body = refusalBody(refusal)
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_TEXT[refusal.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}

export class RealtimeServer {
  readonly hub = new RealtimeHub()
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: LARGEST_MESSAGE_BYTES + 64 * 1024, perMessageDeflate: false })

  /**
   * Handles an HTTP upgrade aimed at the realtime endpoint (any other path is refused 404); never
   * rejects. Answers the status of the handshake (101, or the refusal's) and the role, for the
   * gateway's log line.
   */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<{ status: number; role: string | null }> {
    socket.on('error', () => {}) // a client that vanishes mid-handshake is no server error
    let opening: { accepted: Accepted; limits: RealtimeLimits } | Refusal
    try {
      const admitted = await admit(new URL(req.url ?? '/', 'http://localhost'), req.headers)
      opening = isRefusal(admitted) ? admitted : { accepted: admitted, limits: await realtimeLimits(admitted.ref) }
    } catch (error) {
      console.error('[realtime] upgrade failed', error)
      opening = { status: 500, error_code: 'unexpected_failure', message: 'Internal server error' }
    }
    if ('status' in opening) {
      refuseUpgrade(socket, opening)
      return { status: opening.status, role: null }
    }
    const { accepted, limits } = opening
    const { ref } = accepted
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const peak = limits.peakConnections
      if (peak !== null && this.hub.connectionCount(ref) >= peak) {
        const reason = `Too many connections: the project's plan allows ${peak} concurrent realtime connections`
        recordRealtimeEvent({ ref, level: 'error', message: `connection refused: ${reason}`, role: accepted.caller.role, code: CLOSE_POLICY })
        return ws.close(CLOSE_POLICY, reason)
      }
      new RealtimeConnection(ws, { ...accepted, limits, hub: this.hub })
    })
    return { status: 101, role: accepted.caller.role }
  }

  /** Ends every socket and the bus connections (the HTTP server is closing). */
  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate()
    this.hub.close()
    await new Promise<void>((resolve) => this.wss.close(() => resolve()))
  }
}

/** The plain HTTP answer of the realtime endpoint (no upgrade asked): why a socket would be refused, or 426. */
export async function realtimeHttpAnswer(url: URL, headers: IncomingHttpHeaders): Promise<Refusal> {
  const admitted = await admit(url, headers)
  if (isRefusal(admitted)) return admitted
  return { status: 426, error_code: 'upgrade_required', message: 'The realtime endpoint speaks WebSocket: connect with an Upgrade: websocket request' }
}

const g = globalThis as typeof globalThis & { __realtimeServer?: RealtimeServer }

/** The dashboard's own realtime server (server.mjs), one per process. */
export function defaultRealtimeServer(): RealtimeServer {
  return (g.__realtimeServer ??= new RealtimeServer())
}

/** Closes the process's realtime server (a test platform's end); the next use makes a new one. */
export async function closeDefaultRealtimeServer(): Promise<void> {
  const server = g.__realtimeServer
  g.__realtimeServer = undefined
  await server?.close()
}
