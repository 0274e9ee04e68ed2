/**
 * Where to send a user after sign-in (spec §5: returnTo).
 *
 * The value comes from the address bar, so it is hostile until proven otherwise: only a
 * relative path made of a few safe characters, with an optional simple query string, is kept.
 * Everything else becomes the fallback. Nothing here reads the environment.
 */
import { BASE_PATH } from '@/lib/config'

/** Where a rejected or missing returnTo leads (spec §5). */
export const DEFAULT_RETURN_TO = '/organizations'

/** Query shape of Next's router (`ParsedUrlQuery`), accepted by {@link buildReturnTo}. */
export type QueryParams = Record<string, string | string[] | undefined>

// Percent-decoding is repeated so that double (or deeper) encoding cannot smuggle `//` or `:`
// past the check; past this depth the input is treated as hostile.
const MAX_DECODE_ROUNDS = 4

// spec §5: path = letters, digits, slash, hyphen, underscore. Query = key=value pairs joined by
// `&`; keys and values may also hold `.` and values may hold `/` (e.g. `?next=/org/x`).
const SAFE_PATH = /^\/[A-Za-z0-9/_-]*$/
const SAFE_QUERY = /^[A-Za-z0-9_.-]+=[A-Za-z0-9_./-]*(?:&[A-Za-z0-9_.-]+=[A-Za-z0-9_./-]*)*$/

function fullyDecode(value: string): string | null {
  let current = value
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    if (!current.includes('%')) return current
    try {
      current = decodeURIComponent(current)
    } catch {
      return null // malformed escape such as `%E0%A4%A`
    }
  }
  return current.includes('%') ? null : current
}

function stripBasePath(path: string): string {
  if (path === BASE_PATH) return '/'
  if (path.startsWith(`${BASE_PATH}/`)) return path.slice(BASE_PATH.length)
  if (path.startsWith(`${BASE_PATH}?`)) return `/${path.slice(BASE_PATH.length)}`
  return path
}

function isSafeRelativeTarget(target: string): boolean {
  // spec §5: never protocol-relative, never a scheme
  if (target.startsWith('//') || target.includes('://')) return false
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  const query = queryStart === -1 ? null : target.slice(queryStart + 1)
  if (!SAFE_PATH.test(path)) return false
  // an empty path segment has no use here and `//` anywhere is a classic open-redirect trick
  if (path.includes('//')) return false
  if (query !== null && !SAFE_QUERY.test(query)) return false
  return true
}

/**
 * Returns a safe in-app target for a raw returnTo value (decoded, base path stripped), or the
 * fallback when the value is missing, not a single string, or anything but a simple relative path.
 */
export function validateReturnTo(raw: unknown, fallback: string = DEFAULT_RETURN_TO): string {
  // spec §5: returnTo. Arrays (repeated ?returnTo=) are ambiguous, so they are refused too.
  if (typeof raw !== 'string' || raw === '') return fallback
  const decoded = fullyDecode(raw)
  if (decoded === null) return fallback
  // Check before and after stripping: `/dashboard//evil.com` must not become `//evil.com`.
  if (!isSafeRelativeTarget(decoded)) return fallback
  const target = stripBasePath(decoded)
  return isSafeRelativeTarget(target) ? target : fallback
}

/**
 * Validates a raw returnTo and merges the current page's query parameters (except returnTo)
 * into it; parameters already on the target win.
 */
export function buildReturnTo(raw: unknown, currentQuery: QueryParams = {}): string {
  // spec §5: current query parameters are merged into the target
  const target = validateReturnTo(raw)
  const queryStart = target.indexOf('?')
  const path = queryStart === -1 ? target : target.slice(0, queryStart)
  const params = new URLSearchParams(queryStart === -1 ? '' : target.slice(queryStart + 1))
  const own = new Set(params.keys())

  for (const [key, value] of Object.entries(currentQuery)) {
    if (key === 'returnTo' || own.has(key) || value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
  }

  const query = params.toString()
  return query === '' ? path : `${path}?${query}`
}
