import type { IncomingHttpHeaders } from 'node:http'
import { getServerConfig } from '@/lib/config'
import { isHostHeader, projectApiSource, projectApiUrl, type ProjectApiSettings } from '@/lib/project-api-url'

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()

/** The port the project API really listens on (port 0 asks the system for one: tests, benches). */
const LISTENING = Symbol.for('dashboard.projectApiPort')

/** Called by whoever opens the project API's listener (server.mjs, the test platform). */
export function setProjectApiListeningPort(port: number | null): void {
  ;(globalThis as Record<symbol, unknown>)[LISTENING] = port
}

/** The project API's settings in force: PROJECT_API_URL, or the port it listens on. */
export function projectApiSettings(): ProjectApiSettings {
  const config = getServerConfig()
  const listening = (globalThis as Record<symbol, unknown>)[LISTENING]
  return { template: config.projectApiUrl, port: typeof listening === 'number' ? listening : config.projectApiPort }
}

/**
 * The host the caller reached the dashboard at, and whether over https: the Host header
 * (X-Forwarded-Host and X-Forwarded-Proto behind a trusted proxy, TRUST_PROXY), else none.
 */
export function requestHost(headers: IncomingHttpHeaders | Headers): { host: string | null; https: boolean } {
  const get = (name: string) => (headers instanceof Headers ? (headers.get(name) ?? undefined) : first(headers[name]))
  const { trustProxy } = getServerConfig()
  const forwardedHost = trustProxy ? first(get('x-forwarded-host')) : undefined
  const host = [forwardedHost, first(get('host'))].find(isHostHeader) ?? null
  const proto = trustProxy ? first(get('x-forwarded-proto')) : undefined
  return { host, https: host !== null && proto === 'https' }
}

/**
 * The absolute URL of a project's API (`{url}/rest/v1`, `{url}/auth/v1`, ...) as the caller of
 * the dashboard reaches it: PROJECT_API_URL with `{ref}`, else the second port on the host the
 * dashboard was reached at (lib/project-api-url.ts). Never the dashboard's own origin.
 */
export function projectApiEndpoint(ref: string, headers: IncomingHttpHeaders | Headers): string {
  return projectApiUrl(ref, projectApiSettings(), requestHost(headers))
}

/** The pages' CSP source for project APIs (connections, images, media). */
export function projectApiCspSource(headers: IncomingHttpHeaders | Headers): string | null {
  return projectApiSource(projectApiSettings(), requestHost(headers))
}

/**
 * The project's API as this server reaches itself (a function's SUPABASE_URL, the dashboard's
 * test calls): PROJECT_API_URL when set, else the project API's port on loopback. Never built
 * from a request's Host header: a caller who forged one would have keys sent to that host.
 */
export function internalProjectApiEndpoint(ref: string): string {
  return projectApiUrl(ref, projectApiSettings(), { host: '127.0.0.1', https: false })
}
