import { CronExpressionParser } from 'cron-parser'
import cronstrue from 'cronstrue'

/**
 * Cron job schedules with pg_cron's semantics, shared by the platform's scheduler and the form:
 * five cron fields (minute hour day-of-month month day-of-week) in UTC, a macro (`@daily`…),
 * or pg_cron's interval form `N seconds` with N from 1 to 59. When both day fields are
 * restricted a job runs when either matches (as cron and pg_cron do).
 */
export type Schedule = { kind: 'interval'; seconds: number; text: string } | { kind: 'cron'; expression: string; text: string }

export const SCHEDULE_MAX_LENGTH = 100
export const MIN_INTERVAL_SECONDS = 1
export const MAX_INTERVAL_SECONDS = 59

const INTERVAL = /^(\d+)\s*seconds?$/i
const LOOKS_LIKE_INTERVAL = /^\S+\s*(seconds?|secs?|s|minutes?|mins?|hours?)$/i

/** pg_cron's macros, spelled out as five fields. */
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

const FIELD_NAMES = ['minute', 'hour', 'day of month', 'month', 'day of week'] as const
/** Digits, `*`, lists, ranges, steps; month and weekday fields also take names (JAN, MON). */
const FIELD_PATTERN = /^[0-9*,/-]+$/
const NAMED_FIELD_PATTERN = /^[0-9a-z*,/-]+$/i

/** Presets of the schedule field (label, schedule). */
export const SCHEDULE_PRESETS: readonly { label: string; schedule: string }[] = [
  { label: 'Every 30 seconds', schedule: '30 seconds' },
  { label: 'Every minute', schedule: '* * * * *' },
  { label: 'Every 5 minutes', schedule: '*/5 * * * *' },
  { label: 'Every hour', schedule: '0 * * * *' },
  { label: 'Every day at midnight', schedule: '0 0 * * *' },
  { label: 'Every Monday at 09:00', schedule: '0 9 * * 1' },
  { label: 'First day of the month', schedule: '0 0 1 * *' },
]

export type ParsedSchedule = { ok: true; schedule: Schedule } | { ok: false; error: string }

/** Parses a schedule; on failure, a sentence saying what is wrong. */
export function parseSchedule(input: string): ParsedSchedule {
  const text = input.trim().replace(/\s+/g, ' ')
  if (text === '') return { ok: false, error: 'Enter a schedule, e.g. "*/5 * * * *" or "30 seconds"' }
  if (text.length > SCHEDULE_MAX_LENGTH) return { ok: false, error: `A schedule is at most ${SCHEDULE_MAX_LENGTH} characters` }

  const interval = INTERVAL.exec(text)
  if (interval) {
    const seconds = Number(interval[1])
    if (!Number.isInteger(seconds) || seconds < MIN_INTERVAL_SECONDS || seconds > MAX_INTERVAL_SECONDS) {
      return { ok: false, error: `An interval schedule runs every 1 to 59 seconds; for longer periods use a cron expression (e.g. "*/5 * * * *")` }
    }
    return { ok: true, schedule: { kind: 'interval', seconds, text: `${seconds} seconds` } }
  }
  if (LOOKS_LIKE_INTERVAL.test(text)) {
    return { ok: false, error: 'An interval schedule is written "N seconds" with N from 1 to 59, e.g. "30 seconds"' }
  }

  const expression = text.startsWith('@') ? MACROS[text.toLowerCase()] : text
  if (!expression) return { ok: false, error: `Unknown macro ${text}: use one of ${Object.keys(MACROS).join(', ')}` }
  const fields = expression.split(' ')
  if (fields.length !== 5) {
    return {
      ok: false,
      error: `A cron schedule has 5 fields (minute hour day-of-month month day-of-week), this one has ${fields.length}${fields.length === 6 ? '; for seconds use "N seconds"' : ''}`,
    }
  }
  for (const [i, field] of fields.entries()) {
    const named = i === 3 || i === 4
    if (!(named ? NAMED_FIELD_PATTERN : FIELD_PATTERN).test(field)) {
      return { ok: false, error: `The ${FIELD_NAMES[i]} field "${field}" may hold only numbers, *, and , - / ${named ? 'or names such as JAN or MON' : ''}`.trim() }
    }
  }
  try {
    CronExpressionParser.parse(expression, { tz: 'UTC', currentDate: new Date(0) }).next()
  } catch (error) {
    return { ok: false, error: `Invalid cron schedule: ${lowerFirst(error instanceof Error ? error.message : String(error))}` }
  }
  return { ok: true, schedule: { kind: 'cron', expression, text } }
}

/** The first run strictly after `after` (UTC). */
export function nextRunAfter(schedule: Schedule, after: Date): Date {
  if (schedule.kind === 'interval') return new Date(after.getTime() + schedule.seconds * 1000)
  return CronExpressionParser.parse(schedule.expression, { tz: 'UTC', currentDate: after }).next().toDate()
}

/** "Every 5 minutes", "At 09:00, only on Monday (UTC)"; null when the schedule is not valid. */
export function describeSchedule(input: string): string | null {
  const parsed = parseSchedule(input)
  if (!parsed.ok) return null
  const { schedule } = parsed
  if (schedule.kind === 'interval') return schedule.seconds === 1 ? 'Every second' : `Every ${schedule.seconds} seconds`
  try {
    const text = cronstrue.toString(schedule.expression, { use24HourTimeFormat: true, throwExceptionOnParseError: true })
    // Times of day are UTC; say so when the text names one.
    return /\d\d:\d\d/.test(text) ? `${text} (UTC)` : text
  } catch {
    return schedule.expression
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
