#!/usr/bin/env node
// The dashboard's server: Next.js for the pages and the platform API on PORT, and on a second
// listener (PROJECT_API_PORT, default PORT + 1) the project API: REST, auth, storage, functions and
// realtime's WebSocket upgrades, through one gateway (server/project-api/gateway.ts).
//
// Why a second listener: tenant bytes (a function's answer, a stored file) must never be served
// from the dashboard's origin, where its session lives (issue 22). Why not through Next: every
// request Next routes pays for its router, which leaves no room for the project API's aim of
// 1,500 req/s on 2 cores. The gateway registers itself on start (instrumentation.ts,
// server/http/direct-routes.ts), in Next's own module graph, so there is one copy of
// every pool, cache and open database.
//
//   node server.mjs [--dev] [-p PORT] [-H HOST]     (PORT defaults to $PORT, else 8082)
//
// `npm start` runs it with MALLOC_ARENA_MAX=2 (glibc reads it only at process start): each PGlite
// worker thread otherwise gets a malloc arena of its own, and what a closed project database
// freed there stays in the server's RSS (about 190 MB after four databases opened and closed,
// 110 MB with two arenas; no measurable cost to query throughput).
import { EventEmitter } from 'node:events'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import next from 'next'

const args = process.argv.slice(2)
const option = (short, long) => {
  const i = args.findIndex((a) => a === short || a === long)
  return i >= 0 ? args[i + 1] : undefined
}
const dev = args.includes('--dev')
const port = Number(option('-p', '--port') ?? process.env.PORT ?? 8082)
const hostname = option('-H', '--hostname') ?? process.env.HOSTNAME_BIND ?? '0.0.0.0'
const dir = path.dirname(fileURLToPath(import.meta.url))
// The project API's port, before Next loads the platform (its settings read it: lib/config).
const apiPort = Number(process.env.PROJECT_API_PORT || port + 1)
process.env.PROJECT_API_PORT = String(apiPort)

// Next attaches its own 'upgrade' listener to the server of the first request it handles
// (`setupWebSocketHandler`, or the `httpServer` given), and it ends every upgrade it does not
// route, the realtime endpoint's included, while that one is still being admitted: the socket
// hangs up. It is given a server of its own that never emits; the listener below hands it the
// upgrades that are its (the dev server's hot reload).
const app = next({ dev, dir, hostname, port, httpServer: new EventEmitter() })
const nextHandler = app.getRequestHandler()
await app.prepare()

// Set by instrumentation.ts once Next has loaded the server (see direct-routes.ts).
const PROJECT_API = Symbol.for('dashboard.projectApi')
const projectApi = () => globalThis[PROJECT_API]

const server = http.createServer((req, res) => void nextHandler(req, res))
// WebSocket upgrades on the dashboard's port are Next's (its dev server's hot reload), or refused.
const nextUpgrade = typeof app.getUpgradeHandler === 'function' ? app.getUpgradeHandler() : null
server.on('upgrade', (req, socket, head) => {
  if (nextUpgrade) return void nextUpgrade(req, socket, head)
  socket.destroy()
})

const apiServer = http.createServer((req, res) => {
  const api = projectApi()
  if (!api) {
    res.writeHead(503, { 'Content-Type': 'application/json' })
    return void res.end(JSON.stringify({ message: 'The project API is starting' }))
  }
  api.handle(req, res).catch((error) => {
    console.error('[server] project API failed', error)
    if (!res.headersSent) {
      res.writeHead(500, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ message: 'Internal server error' }))
    } else res.destroy()
  })
})
apiServer.on('upgrade', (req, socket, head) => {
  const api = projectApi()
  if (!api) return void socket.destroy()
  api.upgrade(req, socket, head).catch((error) => {
    console.error('[server] upgrade failed', error)
    socket.destroy()
  })
})
apiServer.keepAliveTimeout = 65_000
server.keepAliveTimeout = 65_000
const shown = hostname === '0.0.0.0' ? 'localhost' : hostname
server.listen(port, hostname, () => {
  console.log(`▲ dashboard ready on http://${shown}:${port}/dashboard${dev ? ' (dev)' : ''}`)
})
apiServer.listen(apiPort, hostname, () => {
  projectApi()?.listening(apiPort)
  console.log(`▲ project APIs on http://${shown}:${apiPort}/{ref}`)
})
// A stop signal: the listeners take no new connection, then the platform ends what runs and closes
// its databases (server/shutdown.ts), for at most SHUTDOWN_TIMEOUT_MS; a second signal ends it now.
const SHUTDOWN_TIMEOUT_MS = 15_000
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) process.exit(1)
    stopping = true
    server.close()
    apiServer.close()
    server.closeIdleConnections()
    apiServer.closeIdleConnections()
    const timer = setTimeout(() => {
      console.error(`[server] shutdown took over ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`)
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    timer.unref()
    Promise.resolve(projectApi()?.shutdown())
      .catch((error) => console.error('[server] shutdown failed', error))
      .finally(() => process.exit(0))
  })
}
