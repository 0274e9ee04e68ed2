import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)

/**
 * The monthly billing period containing `now`, counted from the anchor: periods start on the
 * anchor's day of month (clamped to shorter months, always counted from the anchor itself).
 */
export function currentBillingPeriod(anchor: Date | string, now: Date = new Date()): { start: Date; end: Date } {
  const a = dayjs.utc(anchor)
  const n = dayjs.utc(now)
  let months = Math.max(0, n.diff(a, 'month'))
  while (months > 0 && a.add(months, 'month').isAfter(n)) months--
  while (!a.add(months + 1, 'month').isAfter(n)) months++
  return { start: a.add(months, 'month').toDate(), end: a.add(months + 1, 'month').toDate() }
}

/** Share of the period still ahead of `now`, between 0 and 1. */
export function remainingFraction(period: { start: Date; end: Date }, now: Date = new Date()): number {
  const total = period.end.getTime() - period.start.getTime()
  if (total <= 0) return 0
  return Math.min(1, Math.max(0, (period.end.getTime() - now.getTime()) / total))
}
