/**
 * Where a project's API lives, and which project a request to it names (issue 22). Pure, shared by
 * the server (the gateway, the URLs it hands out) and the page proxy (the pages' CSP).
 *
 * The project API never shares an origin with the dashboard: tenant bytes (a function's answer, a
 * stored file) must not run in the origin that holds the dashboard's session.
 * - On one machine the server listens on a second port for it (PROJECT_API_PORT, default PORT + 1):
 *   `http://{the host the dashboard was reached at}:{port}/{ref}`.
 * - Behind a proxy PROJECT_API_URL names it, `{ref}` standing for the project: a host per project
 *   (`https://{ref}.api.example.com`, the gateway takes the project from the Host) or a path
 *   (`https://api.example.com/{ref}`; with no `{ref}`, `/{ref}` is appended).
 */

export type ProjectApiSettings = {
  /** PROJECT_API_URL, `{ref}` standing for the project; null: the second port. */
  template: string | null
  /** The port the project API listens on, when no template is set. */
  port: number
}

/** A project ref as the platform makes them (lower-case letters and digits, `default` self-hosted). */
const REF = /^[a-z0-9][a-z0-9-]{0,62}$/

/** A host as a Host header may name it: a name or IPv4 address, or a bracketed IPv6 one, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

export const isHostHeader = (value: string | undefined): value is string => Boolean(value && HOST.test(value))

/** The host part of a Host header, without its port (IPv6 kept in brackets). */
export function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '')
}

/** The template with `{ref}` in it (appended as a path when it has none). */
function withRef(template: string): string {
  return template.includes('{ref}') ? template : `${template}/{ref}`
}

/** Whether the template puts the project in the host name (`https://{ref}.api.example.com`). */
export function refInHost(template: string): boolean {
  const afterScheme = template.replace(/^[a-z]+:\/\//i, '')
  const slash = afterScheme.indexOf('/')
  return (slash < 0 ? afterScheme : afterScheme.slice(0, slash)).includes('{ref}')
}

/**
 * A project's API URL (`{url}/rest/v1`, `{url}/auth/v1`, ...). `requestHost` is the Host the
 * dashboard was reached at (already checked), used for the second port's host name.
 */
export function projectApiUrl(ref: string, settings: ProjectApiSettings, request: { host: string | null; https: boolean }): string {
  if (settings.template) return withRef(settings.template).replaceAll('{ref}', ref)
  const hostname = request.host ? hostnameOf(request.host) : '127.0.0.1'
  return `${request.https ? 'https' : 'http'}://${hostname}:${settings.port}/${ref}`
}

/**
 * The pages' CSP source for every project's API (the dashboard's screens call it, show its files
 * and open its realtime socket): its origin, or `https://*.api.example.com` for a host per project.
 */
export function projectApiSource(settings: ProjectApiSettings, request: { host: string | null; https: boolean }): string | null {
  if (!settings.template) return new URL(projectApiUrl('x', settings, request)).origin
  const url = withRef(settings.template)
  if (refInHost(url)) {
    const match = /^(https?):\/\/([^/]+)/i.exec(url)
    if (!match) return null
    const host = match[2].replace(/^\{ref\}\./, '*.')
    return host.includes('{ref}') ? null : `${match[1].toLowerCase()}://${host}`
  }
  try {
    return new URL(url.replaceAll('{ref}', 'x')).origin
  } catch {
    return null
  }
}

/** What a request to the project API names: the project, and the path within its API (`/rest/v1/...`). */
export type ProjectRequest = { ref: string; path: string }

/**
 * The project a request names, and the path of the service it asks: from the Host when the
 * template has the project in the host name, else from the first segment of the path (after the
 * template's own path prefix, when a proxy forwards it). Null when it names none.
 */
export function resolveProjectRequest(settings: ProjectApiSettings, host: string | undefined, pathname: string): ProjectRequest | null {
  const template = settings.template ? withRef(settings.template) : null
  if (template && refInHost(template)) {
    const hostPattern = /^[a-z]+:\/\/([^/]+)/i.exec(template)?.[1]
    if (!hostPattern || !host) return null
    const [before, after] = hostnameOf(hostPattern).split('{ref}')
    const name = hostnameOf(host).toLowerCase()
    if (!name.startsWith(before.toLowerCase()) || !name.endsWith(after.toLowerCase())) return null
    const ref = name.slice(before.length, name.length - after.length)
    return REF.test(ref) ? { ref, path: pathname } : null
  }
  let rest = pathname
  if (template) {
    const prefix = new URL(template.replaceAll('{ref}', 'x')).pathname.replace(/\/x(\/.*)?$/, '')
    if (prefix && rest.startsWith(`${prefix}/`)) rest = rest.slice(prefix.length)
  }
  const match = /^\/([^/]+)(\/.*)?$/.exec(rest)
  if (!match) return null
  let ref: string
  try {
    ref = decodeURIComponent(match[1])
  } catch {
    return null
  }
  return REF.test(ref) ? { ref, path: match[2] ?? '/' } : null
}
