import { clampLogRange, formatRetention, LOG_RETENTION_DAYS, logRetentionDays, retentionStart, RETENTION_TOLERANCE_MS } from '@/lib/logs/retention'
import { fitPresetToRetention, LOG_TIME_PRESETS, presetRange, presetWithinRetention } from '@/lib/logs/time-ranges'

const DAY = 86_400_000
const now = new Date('2025-05-16T12:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('log retention (spec §9: 1 / 7 / 28 / 90 days)', () => {
  it('keeps 1, 7, 28 and 90 days for free, pro, team and enterprise; self-hosted as enterprise', () => {
    expect(LOG_RETENTION_DAYS).toEqual({ free: 1, pro: 7, team: 28, enterprise: 90 })
    expect(logRetentionDays('free')).toBe(1)
    expect(logRetentionDays('free', { selfHosted: true })).toBe(90)
    expect(retentionStart(now, 7).toISOString()).toBe('2025-05-09T12:00:00.000Z')
    expect(formatRetention(1)).toBe('1 day')
    expect(formatRetention(28)).toBe('28 days')
  })

  it('accepts a range within retention as it is', () => {
    const result = clampLogRange({ start: ago(6 * DAY), end: now }, { now, retentionDays: 7 })
    expect(result).toEqual({ ok: true, range: { start: ago(6 * DAY), end: now } })
  })

  it('clamps a start just past retention (a browser clock a little behind) to the retention start', () => {
    const result = clampLogRange({ start: ago(7 * DAY + RETENTION_TOLERANCE_MS - 1), end: now }, { now, retentionDays: 7 })
    expect(result).toEqual({ ok: true, range: { start: ago(7 * DAY), end: now } })
  })

  it('refuses a start older than retention allows, naming the retention', () => {
    const result = clampLogRange({ start: ago(7 * DAY + RETENTION_TOLERANCE_MS + 1), end: now }, { now, retentionDays: 7 })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toBe("iso_timestamp_start is older than this plan's log retention allows: logs are kept for 7 days (from 2025-05-09T12:00:00.000Z)")
    const free = clampLogRange({ start: ago(2 * DAY), end: now }, { now, retentionDays: 1 })
    expect(!free.ok && free.message).toContain('kept for 1 day ')
  })

  it('refuses an end before the start', () => {
    const result = clampLogRange({ start: ago(1_000), end: ago(2_000) }, { now, retentionDays: 1 })
    expect(result).toEqual({ ok: false, message: 'iso_timestamp_end must not be before iso_timestamp_start' })
    expect(clampLogRange({ start: ago(1_000), end: ago(1_000) }, { now, retentionDays: 1 }).ok).toBe(true)
  })
})

describe('time range presets', () => {
  it('offers 15 min, 1 h, 3 h, 24 h, 7 d, 28 d and 90 d', () => {
    expect(LOG_TIME_PRESETS.map((p) => p.key)).toEqual(['15m', '1h', '3h', '24h', '7d', '28d', '90d'])
  })

  it('enables only the presets within retention', () => {
    const allowed = (days: number) => LOG_TIME_PRESETS.filter((p) => presetWithinRetention(p, days)).map((p) => p.key)
    expect(allowed(1)).toEqual(['15m', '1h', '3h', '24h'])
    expect(allowed(7)).toEqual(['15m', '1h', '3h', '24h', '7d'])
    expect(allowed(28)).toEqual(['15m', '1h', '3h', '24h', '7d', '28d'])
    expect(allowed(90)).toEqual(['15m', '1h', '3h', '24h', '7d', '28d', '90d'])
  })

  it('falls back to the longest allowed preset when retention is shorter than the wanted one', () => {
    expect(fitPresetToRetention('7d', 1)).toBe('24h')
    expect(fitPresetToRetention('90d', 28)).toBe('28d')
    expect(fitPresetToRetention('1h', 1)).toBe('1h')
  })

  it('gives a range ending now', () => {
    expect(presetRange(LOG_TIME_PRESETS[1], now)).toEqual({ iso_timestamp_start: '2025-05-16T11:00:00.000Z', iso_timestamp_end: '2025-05-16T12:00:00.000Z' })
  })
})
