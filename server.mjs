#!/usr/bin/env node
// The dashboard's server: Next.js for the pages and the platform API, and the project API
// (`/dashboard/api/project/{ref}/…`: REST, auth, and realtime's WebSocket upgrades) served
// straight from Node's HTTP server.
//
// Why not through Next alone: every request Next routes pays for its router, even to an API
// route that answers a constant (about 1,700 req/s here on 2 cores), which leaves no room for the
// project API's aim of 1,500 req/s. Next's own route (pages/api/project/[ref]/[...path].ts) serves
// the same handler under `next dev`; the handler registers itself on start (instrumentation.ts,
// lib/platform-api/http/direct-routes.ts), in Next's own module graph, so there is one copy of
// every pool, cache and open database.
//
//   node server.mjs [--dev] [-p PORT] [-H HOST]     (PORT defaults to $PORT, else 8082)
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

// Next attaches its own 'upgrade' listener to the server of the first request it handles
// (`setupWebSocketHandler`, or the `httpServer` given), and it ends every upgrade it does not
// route, the realtime endpoint's included, while that one is still being admitted: the socket
// hangs up. It is given a server of its own that never emits; the listener below hands it the
// upgrades that are its (the dev server's hot reload).
const app = next({ dev, dir, hostname, port, httpServer: new EventEmitter() })
const nextHandler = app.getRequestHandler()
await app.prepare()

// Set by instrumentation.ts once Next has loaded the server (see direct-routes.ts).
const DIRECT = Symbol.for('dashboard.directRoutes')

const server = http.createServer((req, res) => {
  const direct = globalThis[DIRECT]
  const handler = direct?.match(req.url ?? '/')
  if (!handler) return void nextHandler(req, res)
  handler(req, res).catch((error) => {
    console.error('[server] direct route failed', error)
    if (!res.headersSent) {
      res.statusCode = 500
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ message: 'Internal server error' }))
    } else res.destroy()
  })
})
// WebSocket upgrades: the project's realtime endpoint (direct-routes.ts `upgrade`); others go to
// Next (its dev server's hot reload), or are refused.
const nextUpgrade = typeof app.getUpgradeHandler === 'function' ? app.getUpgradeHandler() : null
server.on('upgrade', (req, socket, head) => {
  const handler = globalThis[DIRECT]?.upgrade?.(req.url ?? '/')
  if (!handler) {
    if (nextUpgrade) return void nextUpgrade(req, socket, head)
    return void socket.destroy()
  }
  handler(req, socket, head).catch((error) => {
    console.error('[server] upgrade failed', error)
    socket.destroy()
  })
})
server.keepAliveTimeout = 65_000
server.listen(port, hostname, () => {
  console.log(`▲ dashboard ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}/dashboard${dev ? ' (dev)' : ''}`)
})
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close()
    process.exit(0)
  })
}
