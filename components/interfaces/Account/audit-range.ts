import dayjs from 'dayjs'

/** Days the audit log shows when the page opens (today and the six before). */
export const DEFAULT_AUDIT_RANGE_DAYS = 7

/** A date range as the date inputs hold it (`YYYY-MM-DD`, local days). */
export type DayRange = { from: string; to: string }

export function defaultAuditRange(now: Date = new Date()): DayRange {
  const to = dayjs(now)
  return { from: to.subtract(DEFAULT_AUDIT_RANGE_DAYS - 1, 'day').format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') }
}

/**
 * The query of a day range: from the first instant of `from` to the last of `to`, local time,
 * as ISO instants. Null when a day is missing or invalid, or the range runs backwards.
 */
export function auditRangeQuery({ from, to }: DayRange): { date_start: string; date_end: string } | null {
  const day = /^\d{4}-\d{2}-\d{2}$/
  if (!day.test(from) || !day.test(to)) return null
  // dayjs reads a bare YYYY-MM-DD as local midnight; a day that does not exist rolls over, so compare back.
  const start = dayjs(from)
  const end = dayjs(to)
  if (!start.isValid() || !end.isValid() || start.format('YYYY-MM-DD') !== from || end.format('YYYY-MM-DD') !== to) return null
  if (start.isAfter(end)) return null
  return { date_start: start.startOf('day').toISOString(), date_end: end.endOf('day').toISOString() }
}
