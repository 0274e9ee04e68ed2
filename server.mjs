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

const app = next({ dev, dir, hostname, port })
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
const onUpgrade = (req, socket, head) => {
  const handler = globalThis[DIRECT]?.upgrade?.(req.url ?? '/')
  if (!handler) {
    if (nextUpgrade) return void nextUpgrade(req, socket, head)
    return void socket.destroy()
  }
  handler(req, socket, head).catch((error) => {
    console.error('[server] upgrade failed', error)
    socket.destroy()
  })
}
server.on('upgrade', onUpgrade)
// Next adds an 'upgrade' listener of its own to the server of the first request it handles, which
// ends every upgrade a route of the app matches (the realtime socket's path matches
// pages/api/project/[ref]/[...path].ts): upgrades are this server's to dispatch (onUpgrade hands
// Next its own), so any other listener is removed as soon as it is added.
server.on('newListener', (event, listener) => {
  if (event === 'upgrade' && listener !== onUpgrade) queueMicrotask(() => server.removeListener('upgrade', listener))
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
