import type { IncomingMessage, ServerResponse } from 'node:http'
import { projectApiHandler } from '../rest/handler'

/**
 * Routes the dashboard's own server (server.mjs) hands straight to a Node handler, before Next's
 * router: the project API, whose aim (1,500 req/s on 2 cores) leaves no room for Next's routing
 * cost. Registered on globalThis from instrumentation.ts, inside Next's module graph, so the
 * handler shares every pool, cache and open database with the platform routes. Next's own
 * catch-all (pages/api/project/[ref]/[...path].ts) mounts the same handler, for `next dev` and
 * `next start`.
 */

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>
export type DirectRoutes = { match(url: string): NodeHandler | null }

const KEY = Symbol.for('dashboard.directRoutes')
const PROJECT_API = '/dashboard/api/project/'

export const directRoutes: DirectRoutes = {
  match: (url) => (url.startsWith(PROJECT_API) ? projectApiHandler : null),
}

export function registerDirectRoutes(): void {
  ;(globalThis as Record<symbol, unknown>)[KEY] = directRoutes
}
