import { describe, expect, it } from 'vitest'
import { describeSchedule, nextRunAfter, parseSchedule, type Schedule } from '@/lib/cron/schedule'

function parsed(text: string): Schedule {
  const result = parseSchedule(text)
  if (!result.ok) throw new Error(result.error)
  return result.schedule
}

const at = (iso: string) => new Date(iso)

describe('cron schedules (pg_cron semantics, UTC)', () => {
  it('takes five cron fields and computes the next run strictly after a time, in UTC', () => {
    expect(nextRunAfter(parsed('*/5 * * * *'), at('2026-03-01T10:02:30Z')).toISOString()).toBe('2026-03-01T10:05:00.000Z')
    // Exactly on an occurrence: the next one, not the same.
    expect(nextRunAfter(parsed('*/5 * * * *'), at('2026-03-01T10:05:00Z')).toISOString()).toBe('2026-03-01T10:10:00.000Z')
    expect(nextRunAfter(parsed('0 9 * * 1'), at('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-03-02T09:00:00.000Z')
    expect(nextRunAfter(parsed('30 23 31 * *'), at('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-05-31T23:30:00.000Z')
    expect(nextRunAfter(parsed('0 0 1 jan *'), at('2026-06-01T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })

  it('runs when either day field matches, as cron does, when both are restricted', () => {
    // The 13th or any Friday.
    const s = parsed('0 0 13 * 5')
    let t = at('2026-02-01T00:00:00Z')
    const runs: string[] = []
    for (let i = 0; i < 3; i++) {
      t = nextRunAfter(s, t)
      runs.push(t.toISOString().slice(0, 10))
    }
    expect(runs).toEqual(['2026-02-06', '2026-02-13', '2026-02-20'])
  })

  it('takes the "N seconds" interval form from 1 to 59', () => {
    expect(parsed('1 seconds')).toEqual({ kind: 'interval', seconds: 1, text: '1 seconds' })
    expect(parsed(' 30   second ')).toEqual({ kind: 'interval', seconds: 30, text: '30 seconds' })
    expect(nextRunAfter(parsed('59 seconds'), at('2026-03-01T10:00:00.250Z')).toISOString()).toBe('2026-03-01T10:00:59.250Z')
    for (const bad of ['0 seconds', '60 seconds', '120 seconds']) {
      const result = parseSchedule(bad)
      expect(result.ok, bad).toBe(false)
      if (!result.ok) expect(result.error).toMatch(/1 to 59/)
    }
    const minutes = parseSchedule('5 minutes')
    expect(minutes.ok).toBe(false)
    if (!minutes.ok) expect(minutes.error).toMatch(/N seconds/)
  })

  it('spells out macros as five fields', () => {
    expect(parsed('@daily')).toMatchObject({ kind: 'cron', expression: '0 0 * * *', text: '@daily' })
    expect(nextRunAfter(parsed('@hourly'), at('2026-03-01T10:59:59Z')).toISOString()).toBe('2026-03-01T11:00:00.000Z')
    expect(parseSchedule('@reboot').ok).toBe(false)
  })

  it('says what is wrong with a schedule', () => {
    const error = (text: string) => {
      const result = parseSchedule(text)
      return result.ok ? null : result.error
    }
    expect(error('')).toMatch(/Enter a schedule/)
    expect(error('* * * *')).toMatch(/5 fields .* this one has 4/)
    expect(error('* * * * * *')).toMatch(/for seconds use "N seconds"/)
    expect(error('61 * * * *')).toMatch(/Invalid cron schedule: .*0-59/)
    expect(error('*/0 * * * *')).toMatch(/Invalid cron schedule/)
    expect(error('0 0 31 2 *')).toMatch(/Invalid cron schedule/)
    expect(error('H * * * *')).toMatch(/minute field "H"/)
    expect(error('0 0 L * *')).toMatch(/day of month field "L"/)
    expect(error('x'.repeat(101))).toMatch(/at most 100/)
  })

  it('describes a schedule in words, saying times are UTC', () => {
    expect(describeSchedule('*/5 * * * *')).toBe('Every 5 minutes')
    expect(describeSchedule('0 9 * * 1')).toBe('At 09:00, only on Monday (UTC)')
    expect(describeSchedule('1 seconds')).toBe('Every second')
    expect(describeSchedule('45 seconds')).toBe('Every 45 seconds')
    expect(describeSchedule('61 * * * *')).toBeNull()
  })
})
