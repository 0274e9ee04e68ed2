/** URLs of the one HTTP client: query strings, the platform API base, where a token may go. */
import { getConfig } from '@/lib/config'

export type QueryScalar = string | number | boolean
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined
export type QueryParams = Record<string, QueryValue>

function hasScheme(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url)
}

/**
 * Query string without the `?`. Arrays become comma lists (spec §7: `ids=a,b`); each item is
 * encoded on its own, so the separating commas stay literal. null/undefined are left out.
 */
export function serializeQuery(query: QueryParams): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    const encoded = Array.isArray(value)
      ? (value as readonly QueryScalar[]).map((item) => encodeURIComponent(String(item))).join(',')
      : encodeURIComponent(String(value))
    parts.push(`${encodeURIComponent(key)}=${encoded}`)
  }
  return parts.join('&')
}

/**
 * The URL a path is fetched from: `/platform/...` is prefixed with the platform API URL,
 * absolute URLs pass through, and in the browser relative URLs are made absolute against the
 * page's origin (so they also work where `fetch` has no document to resolve against).
 */
export function resolveUrl(path: string, query?: QueryParams): string {
  let url = path
  if (path === '/platform' || path.startsWith('/platform/') || path.startsWith('/platform?')) {
    url = `${getConfig().apiUrl}${path}`
  }
  if (!hasScheme(url) && typeof window !== 'undefined') {
    url = new URL(url, window.location.origin).toString()
  }
  const search = query ? serializeQuery(query) : ''
  if (!search) return url
  return `${url}${url.includes('?') ? '&' : '?'}${search}`
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The access token goes only to the page's own origin, the platform API and the auth service,
 * never to a third-party absolute URL that happens to be fetched through this client.
 */
export function mayCarryToken(url: string): boolean {
  if (!hasScheme(url)) return !url.startsWith('//')
  const origin = originOf(url)
  if (origin === null) return false
  if (typeof window !== 'undefined' && origin === window.location.origin) return true
  const { apiUrl, gotrueUrl } = getConfig()
  return [apiUrl, gotrueUrl].some((base) => hasScheme(base) && originOf(base) === origin)
}
