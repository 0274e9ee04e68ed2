/**
 * What tenant content may do in a browser: the bytes a project's Edge Function answers and the
 * objects its storage serves are the tenant's, not ours, and are served from a host the dashboard
 * shares (cookies, HSTS and the like ignore ports, so even a second origin on another port shares
 * them). They are therefore never an active document: no script of theirs runs in an origin that
 * matters, and no header of theirs reaches past the one response it came with. Pure rules; the
 * functions gateway and the storage downloads apply them.
 *
 * - Every answer: `X-Content-Type-Options: nosniff` (the type said is the type used) and
 *   `Content-Security-Policy: sandbox` (an opaque origin, no script, no form, no popup, no plugin,
 *   even for a type that slipped through). Only `sandbox`, no `default-src 'none'`: an image or
 *   video opened directly is a document that loads its media and styles; those should still show.
 * - A function's answer of an active type (below) is sent as `text/plain` (its parameters kept),
 *   for every method (a form's POST navigates too): what Supabase does on its default domain for
 *   GET. The function's other headers pass, except those that act beyond the response (dropped).
 * - A stored object of an active type is sent as an attachment (its own name unless `?download`
 *   names it); its stored Content-Type is left as the uploader set it. Application/pdf is the one
 *   inline type without the sandbox: Chromium refuses to show a PDF under CSP sandbox (the
 *   dashboard previews PDFs), and PDF viewers run a PDF's scripts in their own isolated context,
 *   never in the origin's.
 */

export const TENANT_CSP = 'sandbox'

/** The MIME type essences of a Content-Type value (`type/subtype`, lowercase), one per comma-separated part; null for a part that is no MIME type. */
export function mimeEssences(contentType: string): (string | null)[] {
  return contentType.split(',').map((part) => {
    const essence = part.split(';', 1)[0].trim().toLowerCase()
    return /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(essence) ? essence : null
  })
}

/** A type a browser renders as a document that can run script or markup: HTML, any XML (SVG, XHTML, XSLT, feeds), multipart/x-mixed-replace. */
export function isActiveEssence(essence: string): boolean {
  const subtype = essence.slice(essence.indexOf('/') + 1)
  return essence === 'text/html' || essence === 'text/xsl' || essence === 'multipart/x-mixed-replace' || subtype === 'xml' || subtype.endsWith('+xml')
}

/**
 * Whether `contentType` could be rendered as an active document: an active type, or a value a
 * browser would read otherwise than we do (several types, or no MIME type at all: browsers take
 * the last valid one, or guess).
 */
export function isActiveContentType(contentType: string | null | undefined): boolean {
  if (contentType === null || contentType === undefined) return false
  const essences = mimeEssences(contentType)
  return essences.length !== 1 || essences[0] === null || isActiveEssence(essences[0])
}

/** `text/html; charset=utf-8` → `text/plain; charset=utf-8`: the parameters of the first part kept. */
function asPlainText(contentType: string): string {
  const first = contentType.split(',', 1)[0]
  const at = first.indexOf(';')
  return at < 0 ? 'text/plain' : `text/plain${first.slice(at)}`
}

/**
 * Response headers a function may not send: each acts beyond its one response (on the host's
 * cookies, connections, storage, service workers, reporting or future navigations).
 */
export const DROPPED_FUNCTION_HEADERS: ReadonlyMap<string, string> = new Map([
  ['set-cookie', 'sets cookies for the host, which the dashboard and every project share (cookies ignore ports)'],
  ['set-cookie2', 'the same, in an old form'],
  ['clear-site-data', "wipes the site's cookies and the origin's storage"],
  ['service-worker-allowed', "widens a service worker's scope to paths that are not the function's"],
  ['strict-transport-security', 'binds every port of the host to HTTPS for as long as it says'],
  ['public-key-pins', "pins the host's keys (obsolete)"],
  ['public-key-pins-report-only', 'the same, reporting'],
  ['expect-ct', 'a host-wide certificate policy (obsolete)'],
  ['alt-svc', "sends the origin's later connections to another endpoint"],
  ['nel', "collects the origin's network errors to an endpoint of the function's choosing"],
  ['report-to', 'the origin-wide reporting endpoints NEL uses'],
  ['origin-agent-cluster', 'decides how the whole origin is clustered'],
  ['accept-ch', "client hints remembered for the origin's later requests"],
  ['critical-ch', 'the same, with a retried navigation'],
  ['set-login', "sets the origin's login status (FedCM)"],
  ['supports-loading-mode', 'opts the origin into other loading modes (credentialless prerendering, fenced frames)'],
  ['refresh', 'navigates the page elsewhere after the answer'],
  ['observe-browsing-topics', "records the visit for the browser's Topics API"],
  ['activate-storage-access', "asks the browser for the site's unpartitioned cookies"],
])

/** Header name prefixes dropped the same way: attribution registrations outlive the response. */
const DROPPED_PREFIXES = ['attribution-reporting-']

/** A `Link` value naming a service worker to install (`rel=serviceworker`). */
const SERVICE_WORKER_LINK = /;\s*rel\s*=\s*"?[^";,]*\bserviceworker\b/i

/** Why a function's response header `name: value` is dropped, or null when it passes. */
export function droppedFunctionHeader(name: string, value: string): string | null {
  const lower = name.toLowerCase()
  const reason = DROPPED_FUNCTION_HEADERS.get(lower)
  if (reason) return reason
  if (DROPPED_PREFIXES.some((prefix) => lower.startsWith(prefix))) return 'registers attribution reports for later navigations'
  if (lower === 'link' && SERVICE_WORKER_LINK.test(value)) return 'installs a service worker'
  return null
}

/**
 * The headers a function's answer is sent to its HTTP caller with: the dropped ones gone, an active
 * Content-Type as text/plain (a missing one as text/plain too, so nothing is guessed), our
 * nosniff and sandbox added. A CSP of the function's own stays as a second policy: browsers
 * enforce every policy, so it can only restrict further. Names are kept as the function wrote them.
 */
export function functionAnswerHeaders(headers: readonly [string, string][]): [string, string][] {
  const out: [string, string][] = []
  let typed = false
  for (const [name, value] of headers) {
    const lower = name.toLowerCase()
    if (droppedFunctionHeader(lower, value) !== null || lower === 'x-content-type-options') continue
    if (lower === 'content-type') {
      if (typed) continue // one type: a second header would be read as a comma-joined list
      typed = true
      out.push([name, isActiveContentType(value) ? asPlainText(value) : value])
      continue
    }
    out.push([name, value])
  }
  if (!typed) out.push(['content-type', 'text/plain'])
  out.push(['x-content-type-options', 'nosniff'], ['content-security-policy', TENANT_CSP])
  return out
}

/** `attachment; filename*=UTF-8''name` */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * The headers that keep a stored object's bytes inert: nosniff and the sandbox (not for a PDF,
 * see above), and `Content-Disposition: attachment` when `?download` asks it (`download` is then
 * the file name, '' for the object's own) or the type could run script.
 */
export function downloadSafetyHeaders(contentType: string, objectName: string, download: string | null): Record<string, string> {
  const essences = mimeEssences(contentType)
  const pdf = essences.length === 1 && essences[0] === 'application/pdf'
  const headers: Record<string, string> = { 'X-Content-Type-Options': 'nosniff' }
  if (!pdf) headers['Content-Security-Policy'] = TENANT_CSP
  if (download !== null || isActiveContentType(contentType)) {
    headers['Content-Disposition'] = attachmentDisposition(download || objectName.split('/').pop() || 'download')
  }
  return headers
}
