/**
 * Log retention per plan (spec §9 "Log retention 1 / 7 / 28 / 90 days") and the rule that a
 * requested time range must lie within it. Shared by the platform (which refuses older ranges and
 * purges older rows) and the logs screen (which only offers ranges within retention).
 */
import type { PlanId } from '@/lib/catalogue/plans'
import { CLOCK_SKEW_THRESHOLD_MS } from '@/lib/constants'

/** spec §9: days of logs kept for free / pro / team / enterprise. */
export const LOG_RETENTION_DAYS: Record<PlanId, number> = { free: 1, pro: 7, team: 28, enterprise: 90 }

export const DAY_MS = 86_400_000

/**
 * Slack given to a range start that is a little older than retention allows: a browser whose clock
 * runs behind the server's (up to the spec's clock-skew threshold, §9) asking for "the last 7 days"
 * is not refused; its start is clamped to the retention start instead.
 */
export const RETENTION_TOLERANCE_MS = CLOCK_SKEW_THRESHOLD_MS

/** Days of logs the plan keeps; self-hosted installs keep logs as enterprise does. */
export function logRetentionDays(planId: PlanId, options: { selfHosted?: boolean } = {}): number {
  return options.selfHosted ? LOG_RETENTION_DAYS.enterprise : LOG_RETENTION_DAYS[planId]
}

/** The oldest instant the plan keeps logs for, seen from `now`. */
export function retentionStart(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS)
}

export type LogRange = { start: Date; end: Date }

/**
 * Checks and clamps a requested range (spec §9): an end before the start, or a start older than
 * retention (beyond the clock tolerance), is refused with a message naming the problem; a start
 * within the tolerance is clamped to the retention start.
 */
export function clampLogRange(
  requested: { start: Date; end: Date },
  options: { now: Date; retentionDays: number }
): { ok: true; range: LogRange } | { ok: false; message: string } {
  const { start, end } = requested
  if (end.getTime() < start.getTime()) {
    return { ok: false, message: 'iso_timestamp_end must not be before iso_timestamp_start' }
  }
  const oldest = retentionStart(options.now, options.retentionDays)
  if (start.getTime() < oldest.getTime() - RETENTION_TOLERANCE_MS) {
    const days = options.retentionDays === 1 ? '1 day' : `${options.retentionDays} days`
    return {
      ok: false,
      message: `iso_timestamp_start is older than this plan's log retention allows: logs are kept for ${days} (from ${oldest.toISOString()})`,
    }
  }
  return { ok: true, range: { start: start.getTime() < oldest.getTime() ? oldest : start, end } }
}

/** "1 day", "7 days": a retention for people. */
export function formatRetention(days: number): string {
  return days === 1 ? '1 day' : `${days} days`
}
