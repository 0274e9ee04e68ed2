import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
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
  /** Show the dashboard's own requests and statements too (hidden by default). */
  includeDashboard: boolean
  onIncludeDashboardChange: (on: boolean) => void
  onRefresh: () => void
  refreshing: boolean
}

/** Source, time range (only those within retention), search, level, refresh, the dashboard's own lines and live tail. */
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
        <ToolbarSelect label="Source" value={props.source} onChange={(value) => props.onSourceChange(value as LogSource)}>
          {LOG_SOURCES.map((source) => (
            <option key={source} value={source}>
              {LOG_SOURCE_LABELS[source]}
            </option>
          ))}
        </ToolbarSelect>
      )}
      <ToolbarSelect label="Time range" value={props.preset} onChange={(value) => props.onPresetChange(value as LogTimePresetKey)}>
        {LOG_TIME_PRESETS.map((preset) => (
          <option key={preset.key} value={preset.key} disabled={!presetWithinRetention(preset, props.retentionDays)}>
            {preset.label}
          </option>
        ))}
      </ToolbarSelect>
      <ToolbarSelect label="Level" value={props.level ?? ''} onChange={(value) => props.onLevelChange(value ? (value as LogLevel) : null)}>
        <option value="">All levels</option>
        {LOG_LEVELS.map((level) => (
          <option key={level} value={level}>
            {LOG_LEVEL_LABELS[level]}
          </option>
        ))}
      </ToolbarSelect>
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
        <Toggle label="Dashboard's own" size="small" checked={props.includeDashboard} onChange={props.onIncludeDashboardChange} />
        <Toggle label="Live tail" size="small" checked={props.liveTail} onChange={props.onLiveTailChange} />
      </div>
    </div>
  )
}

/** One of the toolbar's choices: its name, then the select (the label wraps it, so it names it). */
function ToolbarSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <label className={styles.control}>
      {label}
      <select className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  )
}
