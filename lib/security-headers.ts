/**
 * Security headers of every page (HTML) the dashboard serves, built per request from the settings
 * of the running server (lib/config), never at build time: one build serves both modes, and the
 * policy differs between them (the hosted platform loads the code editor from a CDN).
 *
 * The Content-Security-Policy allows what the app really loads and nothing else:
 * - scripts: this origin (Next's chunks, the local code editor) and the two inline scripts of
 *   every page (the public configuration, pages/_document.tsx, and Turbopack's chunk bootstrap), by
 *   the request's nonce; on the hosted platform, the code editor's CDN folder too. No 'unsafe-eval'
 *   in production: neither Next, React nor Monaco needs it (development React does).
 * - styles: this origin, the CDN folder, and 'unsafe-inline', because Monaco writes its theme and
 *   decorations into `<style>` elements it creates at run time with content that changes (no hash
 *   can name them, and it sets no nonce). A nonce in the same list would switch 'unsafe-inline'
 *   off, so styles carry none. Injected CSS cannot run code.
 * - fonts: this origin and the CDN folder (Monaco's codicons); images: this origin, `data:` and
 *   `blob:`; workers: this origin and `blob:` (Monaco starts its workers from blob URLs that
 *   import its worker script, from the CDN or from this origin alike).
 * - connections: this origin, the origins of API_URL and GOTRUE_URL when they point elsewhere, the
 *   project APIs' origin (HTTP and its WebSockets), and the origin of SENTRY_DSN when error reports
 *   are on. Images, media and frames may come from the project APIs too (the storage explorer's
 *   previews, a PDF in a frame).
 * - no plugins, no `<base>` elsewhere, forms to this origin only, and no framing by anyone
 *   (`frame-ancestors 'none'`, with X-Frame-Options: DENY for browsers that predate it).
 */

export type CspOptions = {
  /** Fresh per request (base64). */
  nonce: string
  isPlatform: boolean
  monacoCdnBaseUrl: string
  apiUrl: string
  gotrueUrl: string
  sentryDsn: string | null
  /** The source of every project's API (its own origin, issue 22): screens call it, show its files and open its socket. */
  projectApi?: string | null
  /** `next dev`: React needs eval for its debugging aids. */
  development?: boolean
  /** The dashboard is served over HTTPS: subresources asked over http are upgraded. */
  https?: boolean
}

export type SecurityHeaderOptions = CspOptions & {
  /** Seconds of Strict-Transport-Security; 0 sends none. */
  hstsMaxAge: number
}

/** Powerful features the dashboard never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ')

/** Characters that would end a source expression or a directive if a URL carried them. */
function escapePath(path: string): string {
  return path.replace(/[;,\s'"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
}

/** `https://host[:port]` of an absolute http(s) URL, or null for a relative or other URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The CDN folder as a source expression (`https://host/path/`, matching everything under it), or
 * null when the base is not an absolute http(s) URL (a path on this origin is 'self' already).
 */
export function cdnSource(baseUrl: string): string | null {
  const origin = originOf(baseUrl)
  if (!origin) return null
  const { pathname } = new URL(baseUrl)
  const folder = pathname.endsWith('/') ? pathname : `${pathname}/`
  return `${origin}${escapePath(folder)}`
}

/** The origin error reports are sent to, from a DSN such as `https://key@o1.ingest.sentry.io/42`. */
export function sentryOrigin(dsn: string | null): string | null {
  return originOf(dsn)
}

/** The WebSocket twin of an http(s) source (`ws://host:port`): browsers match `http:` sources to `ws:` only for 'self'. */
export function socketSource(source: string | null | undefined): string | null {
  return source && /^https?:\/\//i.test(source) ? source.replace(/^http/i, 'ws') : null
}

function unique(values: (string | null | false | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))]
}

/** The Content-Security-Policy header value for one page response. */
export function buildContentSecurityPolicy(options: CspOptions): string {
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(options.nonce)) throw new Error('a CSP nonce is base64')
  const cdn = options.isPlatform ? cdnSource(options.monacoCdnBaseUrl) : null
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', unique(["'self'", `'nonce-${options.nonce}'`, cdn, options.development && "'unsafe-eval'"])],
    ['style-src', unique(["'self'", "'unsafe-inline'", cdn])],
    ['img-src', unique(["'self'", 'data:', 'blob:', options.projectApi])],
    ['media-src', unique(["'self'", options.projectApi])],
    ['frame-src', unique(["'self'", options.projectApi])],
    ['font-src', unique(["'self'", cdn])],
    ['connect-src', unique(["'self'", originOf(options.apiUrl), originOf(options.gotrueUrl), options.projectApi, socketSource(options.projectApi), sentryOrigin(options.sentryDsn)])],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  if (options.https) directives.push(['upgrade-insecure-requests', []])
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ')
}

/** Every security header of a page response. */
export function buildSecurityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': buildContentSecurityPolicy({ ...options, https: options.https || options.hstsMaxAge > 0 }),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
  }
  if (options.hstsMaxAge > 0) headers['Strict-Transport-Security'] = `max-age=${Math.floor(options.hstsMaxAge)}`
  return headers
}

/** A fresh nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return btoa(String.fromCharCode(...bytes))
}
