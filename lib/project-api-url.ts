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

import { PROJECT_REF_PATTERN } from '@/lib/constants'

export type ProjectApiSettings = {
  /** PROJECT_API_URL, `{ref}` standing for the project; null: the second port. */
  template: string | null
  /** The port the project API listens on, when no template is set. */
  port: number
}

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

/**
 * A template taken apart once (the gateway reads it on every request): the project in the host
 * name (its scheme, and the host around `{ref}`, with and without the port), or in the path (the
 * origin, and the path before `{ref}` a proxy may forward). Null: not an http(s) URL.
 */
type ParsedTemplate =
  | { inHost: true; scheme: string; authority: [string, string]; hostname: [string, string] }
  | { inHost: false; origin: string; prefix: string }

const parsedTemplates = new Map<string, ParsedTemplate | null>()

function parseTemplate(template: string): ParsedTemplate | null {
  let parsed = parsedTemplates.get(template)
  if (parsed !== undefined) return parsed
  parsed = null
  const match = /^(https?):\/\/([^/]+)/i.exec(withRef(template))
  if (match && match[2].includes('{ref}')) {
    const [before, after] = match[2].split('{ref}')
    const hostname = hostnameOf(match[2]).split('{ref}')
    if (hostname.length === 2) parsed = { inHost: true, scheme: match[1].toLowerCase(), authority: [before, after], hostname: [hostname[0].toLowerCase(), hostname[1].toLowerCase()] }
  } else if (match) {
    try {
      const url = new URL(withRef(template).replaceAll('{ref}', 'x'))
      parsed = { inHost: false, origin: url.origin, prefix: url.pathname.replace(/\/x(\/.*)?$/, '') }
    } catch {
      parsed = null
    }
  }
  parsedTemplates.set(template, parsed)
  return parsed
}

/** Whether the template puts the project in the host name (`https://{ref}.api.example.com`). */
export function refInHost(template: string): boolean {
  return parseTemplate(template)?.inHost === true
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
  const parsed = parseTemplate(settings.template)
  if (!parsed) return null
  if (!parsed.inHost) return parsed.origin
  const [before, after] = parsed.authority
  return before === '' && after.startsWith('.') ? `${parsed.scheme}://*${after}` : null
}

/** What a request to the project API names: the project, and the path within its API (`/rest/v1/...`). */
export type ProjectRequest = { ref: string; path: string }

/**
 * The project a request names, and the path of the service it asks: from the Host when the
 * template has the project in the host name, else from the first segment of the path (after the
 * template's own path prefix, when a proxy forwards it). Null when it names none.
 */
export function resolveProjectRequest(settings: ProjectApiSettings, host: string | undefined, pathname: string): ProjectRequest | null {
  const parsed = settings.template ? parseTemplate(settings.template) : null
  if (settings.template && !parsed) return null
  if (parsed?.inHost) {
    if (!host) return null
    const [before, after] = parsed.hostname
    const name = hostnameOf(host).toLowerCase()
    if (!name.startsWith(before) || !name.endsWith(after)) return null
    const ref = name.slice(before.length, name.length - after.length)
    return PROJECT_REF_PATTERN.test(ref) ? { ref, path: pathname } : null
  }
  const prefix = parsed?.prefix
  const rest = prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname
  const match = /^\/([^/]+)(\/.*)?$/.exec(rest)
  if (!match) return null
  let ref: string
  try {
    ref = decodeURIComponent(match[1])
  } catch {
    return null
  }
  return PROJECT_REF_PATTERN.test(ref) ? { ref, path: match[2] ?? '/' } : null
}
