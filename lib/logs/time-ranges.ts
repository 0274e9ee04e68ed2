/** The time ranges the logs screen offers, and which of them a plan's retention allows. */
import { DAY_MS } from './retention'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

export const LOG_TIME_PRESETS = [
  { key: '15m', label: 'Last 15 minutes', durationMs: 15 * MINUTE_MS },
  { key: '1h', label: 'Last hour', durationMs: HOUR_MS },
  { key: '3h', label: 'Last 3 hours', durationMs: 3 * HOUR_MS },
  { key: '24h', label: 'Last 24 hours', durationMs: 24 * HOUR_MS },
  { key: '7d', label: 'Last 7 days', durationMs: 7 * DAY_MS },
  { key: '28d', label: 'Last 28 days', durationMs: 28 * DAY_MS },
  { key: '90d', label: 'Last 90 days', durationMs: 90 * DAY_MS },
] as const

export type LogTimePreset = (typeof LOG_TIME_PRESETS)[number]
export type LogTimePresetKey = LogTimePreset['key']

/** The range the screen opens with. */
export const DEFAULT_LOG_TIME_PRESET: LogTimePresetKey = '1h'

/** True when a preset reaches no further back than the retention. */
export function presetWithinRetention(preset: LogTimePreset, retentionDays: number): boolean {
  return preset.durationMs <= retentionDays * DAY_MS
}

export function findLogTimePreset(key: string): LogTimePreset | undefined {
  return LOG_TIME_PRESETS.find((preset) => preset.key === key)
}

/** The ISO start and end of a preset ending now. */
export function presetRange(preset: LogTimePreset, now: Date): { iso_timestamp_start: string; iso_timestamp_end: string } {
  return {
    iso_timestamp_start: new Date(now.getTime() - preset.durationMs).toISOString(),
    iso_timestamp_end: now.toISOString(),
  }
}

/**
 * The preset to use: the wanted one when retention allows it, otherwise the longest one that
 * fits (a free plan's 1 day turns "Last 7 days" into "Last 24 hours").
 */
export function fitPresetToRetention(key: LogTimePresetKey, retentionDays: number): LogTimePresetKey {
  const wanted = findLogTimePreset(key)
  if (wanted && presetWithinRetention(wanted, retentionDays)) return key
  const allowed = LOG_TIME_PRESETS.filter((preset) => presetWithinRetention(preset, retentionDays))
  return allowed[allowed.length - 1]?.key ?? LOG_TIME_PRESETS[0].key
}
