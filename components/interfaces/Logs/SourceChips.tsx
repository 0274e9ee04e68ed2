import { LOG_SOURCE_LABELS, LOG_SOURCES, type LogSource } from '@/lib/catalogue/log-sources'
import styles from './Logs.module.css'

/** The unified view's source filter: none pressed means every source. */
export function SourceChips({ selected, onChange }: { selected: LogSource[]; onChange: (sources: LogSource[]) => void }) {
  return (
    <div className={styles.chips} role="group" aria-label="Filter by source">
      <button type="button" className={styles.chip} aria-pressed={selected.length === 0} onClick={() => onChange([])}>
        All sources
      </button>
      {LOG_SOURCES.map((source) => {
        const on = selected.includes(source)
        return (
          <button
            key={source}
            type="button"
            className={styles.chip}
            aria-pressed={on}
            onClick={() => onChange(on ? selected.filter((s) => s !== source) : [...selected, source])}
          >
            {LOG_SOURCE_LABELS[source]}
          </button>
        )
      })}
    </div>
  )
}
