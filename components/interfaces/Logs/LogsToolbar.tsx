import { useEffect, useState, type FormEvent } from 'react'
import { Toggle } from '@/components/ui/Toggle'
import { LOG_SOURCE_LABELS, LOG_SOURCES, type LogSource } from '@/lib/catalogue/log-sources'
import { LOG_LEVEL_LABELS, LOG_LEVELS, type LogLevel } from '@/lib/logs/log-lines'
import { LOG_TIME_PRESETS, presetWithinRetention, type LogTimePresetKey } from '@/lib/logs/time-ranges'
import styles from './Logs.module.css'

export type LogsToolbarProps = {
  /** Null in the unified view (its chips choose the sources). */
  source: LogSource | null
  onSourceChange: (source: LogSource) => void
  preset: LogTimePresetKey
  onPresetChange: (preset: LogTimePresetKey) => void
  retentionDays: number
  search: string
  onSearch: (search: string) => void
  level: LogLevel | null
  onLevelChange: (level: LogLevel | null) => void
  liveTail: boolean
  onLiveTailChange: (on: boolean) => void
  onRefresh: () => void
  refreshing: boolean
}

/** Source, time range (only those within retention), search, level, refresh and live tail. */
export function LogsToolbar(props: LogsToolbarProps) {
  const [draft, setDraft] = useState(props.search)
  // A search set from outside (the default query, a reset) shows in the box.
  useEffect(() => setDraft(props.search), [props.search])

  function submit(event: FormEvent) {
    event.preventDefault()
    props.onSearch(draft.trim())
  }

  return (
    <div className={styles.toolbar}>
      {props.source !== null && (
        <label className={styles.control}>
          Source
          <select className="select" value={props.source} onChange={(e) => props.onSourceChange(e.target.value as LogSource)}>
            {LOG_SOURCES.map((source) => (
              <option key={source} value={source}>
                {LOG_SOURCE_LABELS[source]}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.control}>
        Time range
        <select className="select" value={props.preset} onChange={(e) => props.onPresetChange(e.target.value as LogTimePresetKey)}>
          {LOG_TIME_PRESETS.map((preset) => {
            const allowed = presetWithinRetention(preset, props.retentionDays)
            return (
              <option key={preset.key} value={preset.key} disabled={!allowed}>
                {preset.label}
              </option>
            )
          })}
        </select>
      </label>
      <label className={styles.control}>
        Level
        <select
          className="select"
          value={props.level ?? ''}
          onChange={(e) => props.onLevelChange(e.target.value ? (e.target.value as LogLevel) : null)}
        >
          <option value="">All levels</option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LOG_LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
      </label>
      <form className={styles.searchForm} role="search" onSubmit={submit}>
        <label className={styles.control}>
          Search event messages
          <input
            className="input"
            type="search"
            value={draft}
            maxLength={500}
            placeholder="Text the message contains"
            onChange={(e) => setDraft(e.target.value)}
          />
        </label>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {/* The label stays put while live tail refetches, so the toolbar does not flicker. */}
      <button type="button" className="btn" onClick={props.onRefresh} disabled={props.refreshing} aria-busy={props.refreshing}>
        Refresh
      </button>
      <div className={styles.liveTail}>
        <Toggle label="Live tail" size="small" checked={props.liveTail} onChange={props.onLiveTailChange} />
      </div>
    </div>
  )
}
