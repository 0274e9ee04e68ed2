import type { IncomingHttpHeaders } from 'node:http'
import { BASE_PATH, getServerConfig } from '@/lib/config'

/** A host as a Host header may name it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim()

/**
 * The origin the caller reached the dashboard at: the Host header (X-Forwarded-Host and
 * X-Forwarded-Proto behind a trusted proxy, TRUST_PROXY), else the server's own loopback port.
 */
function requestOrigin(headers: IncomingHttpHeaders): string {
  const { port, trustProxy } = getServerConfig()
  const forwardedHost = trustProxy ? first(headers['x-forwarded-host']) : undefined
  const host = [forwardedHost, first(headers.host)].find((h) => h && HOST.test(h))
  if (!host) return `http://127.0.0.1:${port}`
  const proto = trustProxy ? first(headers['x-forwarded-proto']) : undefined
  return `${proto === 'https' ? 'https' : 'http'}://${host}`
}

/**
 * The absolute URL of a project's API (`{url}/rest/v1`, `{url}/auth/v1`, ...): PROJECT_API_URL
 * with `{ref}` replaced (`/{ref}` appended when it has none), else the caller's origin +
 * `/dashboard/api/project/{ref}`, which the embedded platform serves.
 */
export function projectApiEndpoint(ref: string, headers: IncomingHttpHeaders): string {
  const template = getServerConfig().projectApiUrl
  if (template) return template.includes('{ref}') ? template.replaceAll('{ref}', ref) : `${template}/${ref}`
  return `${requestOrigin(headers)}${BASE_PATH}/api/project/${ref}`
}
