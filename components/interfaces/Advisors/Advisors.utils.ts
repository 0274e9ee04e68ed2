import type { BadgeVariant } from '@/components/ui/Badge'
import type { LintLevel } from '@/lib/advisors/lints'

export const LEVEL_BADGE: Record<LintLevel, BadgeVariant> = { ERROR: 'danger', WARN: 'warning', INFO: 'default' }

/** "3 ms", "1.2 s", "2 min": a duration in milliseconds for people. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '–'
  if (ms < 1) return `${ms.toFixed(2)} ms`
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  return `${(ms / 60_000).toFixed(1)} min`
}

/** A ratio 0..1 as a percentage with one decimal. */
export const formatPercent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`

/** Thousands separators, "–" for null. */
export const formatCount = (value: number | null | undefined) => (value === null || value === undefined ? '–' : Number(value).toLocaleString('en-US'))

/** "N rules disabled" / "1 rule disabled". */
export const rulesDisabledText = (n: number) => `${n} ${n === 1 ? 'rule' : 'rules'} disabled`
