/**
 * The one way out of a sandbox: the sandbox has a network of its own with nothing but loopback
 * (bwrap --unshare-net), and Deno's HTTP_PROXY/HTTPS_PROXY point at this proxy's Unix socket,
 * bound into it. Deno sends every request there in absolute form (`GET https://host/path`), TLS
 * included: the platform makes the real request, after checking the target with egress-policy.ts
 * on the address it then connects to (no second resolution). The one internal target allowed is
 * the function's own project API (its SUPABASE_URL, under its path only). CONNECT opens a tunnel
 * to a checked public address (the bundler's downloads come that way, bundle.ts).
 */
import dns from 'node:dns'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { Duplex } from 'node:stream'
import { getServerConfig } from '@/lib/config'
import { checkEgress, type EgressContext, type ResolvedAddress } from './egress-policy'
import { hostAddresses, platformDatabase } from './sandbox'

export type EgressOptions = {
  /** The function's SUPABASE_URL: requests under it go to the platform itself. */
  projectApiUrl?: string
  /** Tests only (a WorkerSpec's `egress`, never read from the environment): loopback ports the proxy may reach. */
  testLoopbackPorts?: number[]
}
export type EgressProxy = { close: () => void }

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'])
const CONNECT_TIMEOUT_MS = 30_000
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) }

async function resolve(host: string): Promise<ResolvedAddress[]> {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true })
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}

/** 5432, the platform database's port, and the ports PGlite projects listen on. */
export function databasePort(port: number): boolean {
  if (port === 5432) return true
  const { base, count } = getServerConfig().pglitePorts
  if (base > 0 && port >= base && port < base + count) return true
  return platformDatabase()?.port === port
}

/** Whether `target` lies under the project API's origin and path (dot segments resolved, no encoded separators). */
export function underProjectApi(target: URL, rawTarget: string, projectApiUrl?: string): boolean {
  if (!projectApiUrl) return false
  const api = new URL(projectApiUrl)
  if (target.origin !== api.origin) return false
  if (/%2e|%2f|%5c|\\/i.test(rawTarget.replace(/[?#].*$/, ''))) return false
  const prefix = api.pathname.replace(/\/$/, '')
  return target.pathname === prefix || target.pathname.startsWith(`${prefix}/`)
}

function refuse(res: http.ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy()
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-egress-refused': '1', connection: 'close' })
  res.end(message)
}

/** Starts the proxy on `socketPath` (a Unix socket the sandbox sees); resolves once it listens. */
export function startEgressProxy(socketPath: string, options: EgressOptions = {}): Promise<EgressProxy> {
  const ctx: EgressContext = { resolve, hostAddresses, databasePort, testLoopbackPorts: options.testLoopbackPorts ? new Set(options.testLoopbackPorts) : undefined }
  // Whatever goes wrong with one request (a header Node will not send, say) ends that request only.
  const server = http.createServer((req, res) => forward(req, res, ctx, options).catch((error: Error) => refuse(res, 502, `The egress proxy failed: ${error.message}`)))
  server.on('connect', (req, socket, head) => tunnel(req, socket, head, ctx).catch(() => socket.destroy()))
  server.on('clientError', (_error, socket) => socket.destroy())
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(socketPath, () => {
      server.off('error', fail)
      server.on('error', () => {})
      done({
        close: () => {
          server.close()
          server.closeAllConnections()
          fs.rm(socketPath, { force: true }, () => {})
        },
      })
    })
  })
}

/** CONNECT host:port: a raw tunnel to the checked address (never to the project API: its path could not be checked). */
async function tunnel(req: http.IncomingMessage, socket: Duplex, head: Buffer, ctx: EgressContext): Promise<void> {
  socket.on('error', () => {})
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d+)$/.exec(req.url ?? '')
  const decision = match ? await checkEgress(match[1], Number(match[2]), ctx) : ({ ok: false, reason: 'CONNECT needs host:port' } as const)
  if (!decision.ok) {
    const message = `Edge Functions may not connect to ${req.url}: ${decision.reason}. They reach public addresses and their own project's API only.`
    return void socket.end(`HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\nx-egress-refused: 1\r\ncontent-length: ${Buffer.byteLength(message)}\r\nconnection: close\r\n\r\n${message}`)
  }
  const upstream = net.connect({ host: decision.address, port: Number(match![2]), timeout: CONNECT_TIMEOUT_MS })
  let established = false
  upstream.once('connect', () => {
    established = true
    upstream.setTimeout(0)
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
    if (head.length > 0) upstream.write(head)
    upstream.pipe(socket)
    socket.pipe(upstream)
  })
  upstream.once('timeout', () => upstream.destroy(new Error('timeout')))
  upstream.once('error', (error) => {
    if (!established) socket.end(`HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\nEdge Functions could not reach ${req.url}: ${(error as NodeJS.ErrnoException).code ?? error.message}`)
    else socket.destroy()
  })
  socket.once('close', () => upstream.destroy())
}

async function forward(req: http.IncomingMessage, res: http.ServerResponse, ctx: EgressContext, options: EgressOptions): Promise<void> {
  const raw = req.url ?? ''
  let target: URL
  try {
    target = new URL(raw)
  } catch {
    return refuse(res, 400, 'Edge Functions reach the network through fetch with absolute URLs only')
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return refuse(res, 400, `${target.protocol} URLs cannot be fetched`)
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80))
  let address: string
  if (underProjectApi(target, raw, options.projectApiUrl)) address = target.hostname.replace(/^\[|\]$/g, '')
  else {
    const decision = await checkEgress(target.hostname, port, ctx)
    if (!decision.ok) return refuse(res, 403, `Edge Functions may not connect to ${target.host}: ${decision.reason}. They reach public addresses and their own project's API only.`)
    address = decision.address
  }
  const headers: [string, string][] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(req.rawHeaders[i].toLowerCase())) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]])
  }
  const secure = target.protocol === 'https:'
  const hostname = target.hostname.replace(/^\[|\]$/g, '')
  const upstream = (secure ? https : http).request({
    host: address,
    port,
    method: req.method,
    path: `${target.pathname}${target.search}`,
    headers: headers.flat() as unknown as http.OutgoingHttpHeaders,
    agent: secure ? agents.https : agents.http,
    servername: secure && !/^[\d.]+$|:/.test(hostname) ? hostname : undefined,
    timeout: CONNECT_TIMEOUT_MS,
  })
  upstream.on('timeout', () => upstream.destroy(new Error(`no answer within ${CONNECT_TIMEOUT_MS / 1000} s`)))
  upstream.on('response', (answer) => {
    const out: string[] = []
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase())) out.push(answer.rawHeaders[i], answer.rawHeaders[i + 1])
    }
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out)
    answer.pipe(res)
    answer.on('error', () => res.destroy())
  })
  upstream.on('error', (error) => refuse(res, 502, `Edge Functions could not reach ${target.host}: ${(error as NodeJS.ErrnoException).code ?? error.message}`))
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy()
  })
  req.pipe(upstream)
}
