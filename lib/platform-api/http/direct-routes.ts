import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { projectApiHandler } from '../rest/handler'
import { defaultRealtimeServer, matchRealtimePath } from '../realtime/server'

/**
 * Routes the dashboard's own server (server.mjs) hands straight to a Node handler, before Next's
 * router: the project API, whose aim (1,500 req/s on 2 cores) leaves no room for Next's routing
 * cost. Registered on globalThis from instrumentation.ts, inside Next's module graph, so the
 * handler shares every pool, cache and open database with the platform routes. Next's own
 * catch-all (pages/api/project/[ref]/[...path].ts) mounts the same handler, for `next dev` and
 * `next start`. WebSocket upgrades go the same way (`upgrade`): the project's realtime endpoint
 * (realtime/server.ts); Next's router never sees them, so `next dev` alone serves no realtime.
 */

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>
export type DirectRoutes = { match(url: string): NodeHandler | null; upgrade(url: string): UpgradeHandler | null }

const KEY = Symbol.for('dashboard.directRoutes')
const PROJECT_API = '/dashboard/api/project/'

export const directRoutes: DirectRoutes = {
  match: (url) => (url.startsWith(PROJECT_API) ? projectApiHandler : null),
  upgrade: (url) => {
    if (!url.startsWith(PROJECT_API) || matchRealtimePath(url.split('?', 1)[0]) === null) return null
    const server = defaultRealtimeServer()
    return (req, socket, head) => server.handleUpgrade(req, socket, head)
  },
}

export function registerDirectRoutes(): void {
  ;(globalThis as Record<symbol, unknown>)[KEY] = directRoutes
}
