import { projectApiGateway, projectApiUpgrade, type NodeHandler, type UpgradeHandler } from '../project-api/gateway'
import { setProjectApiListeningPort } from '../projects/api-endpoint'
import { shutdown } from '../shutdown'

/**
 * What the dashboard's own server (server.mjs) serves without Next: the project API, on its own
 * listener (PROJECT_API_PORT), never on the dashboard's origin (issue 22). Registered on
 * globalThis from instrumentation.ts, inside Next's module graph, so the gateway shares every
 * pool, cache and open database with the platform routes. Its requests and WebSocket upgrades
 * (a project's realtime socket) go to the gateway (project-api/gateway.ts).
 */
export type ProjectApiServer = {
  handle: NodeHandler
  upgrade: UpgradeHandler
  /** server.mjs says which port it listens on (the URLs the platform hands out name it). */
  listening(port: number): void
  /** The server is stopping: ends what runs and closes the databases (server/shutdown.ts). */
  shutdown(): Promise<void>
}

const KEY = Symbol.for('dashboard.projectApi')

export const projectApiServer: ProjectApiServer = {
  handle: projectApiGateway,
  upgrade: (req, socket, head) => projectApiUpgrade(req, socket, head),
  listening: (port) => setProjectApiListeningPort(port),
  shutdown,
}

export function registerDirectRoutes(): void {
  ;(globalThis as Record<symbol, unknown>)[KEY] = projectApiServer
}
