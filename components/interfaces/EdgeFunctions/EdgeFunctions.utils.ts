/** Pure helpers of the Edge Functions screens (no React, no I/O). */
import type { EdgeFunction } from '@/lib/api-types/functions'
import { FUNCTION_SLUG_PATTERN, RESERVED_FUNCTION_SLUGS } from '@/lib/functions/rules'

/** Why a slug typed in the dashboard cannot be used, or null. */
export function functionSlugProblem(slug: string): string | null {
  if (slug === '') return 'Enter a slug'
  if (slug.length > 64) return 'A slug is at most 64 characters'
  if (!FUNCTION_SLUG_PATTERN.test(slug)) return 'Start with a letter; use only letters, digits, - and _'
  if ((RESERVED_FUNCTION_SLUGS as readonly string[]).includes(slug.toLowerCase())) return `"${slug}" is reserved by the dashboard`
  return null
}

/** Errors of the last 24 h as a share of invocations, e.g. "2.5%"; "—" when nothing was invoked. */
export function formatErrorRate(fn: Pick<EdgeFunction, 'invocations_24h' | 'errors_24h'>): string {
  if (fn.invocations_24h <= 0) return '—'
  const percent = (fn.errors_24h / fn.invocations_24h) * 100
  return `${Number.parseFloat(percent.toFixed(percent > 0 && percent < 1 ? 2 : 1))}%`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "just now", "5 minutes ago", "yesterday"…; "" for a missing or invalid date. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const seconds = Math.round((at - now) / 1000)
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.round(seconds / size), unit)
  }
  return RELATIVE.format(Math.round(seconds / 60), 'minute')
}
