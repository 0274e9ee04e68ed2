import type { ReactNode } from 'react'
import styles from './SearchToolbar.module.css'

type Props = {
  /** Names the search box for screen readers, e.g. "Search secrets". */
  label: string
  placeholder?: string
  value: string
  onChange: (value: string) => void
  /** How many the list shows, at the row's end; announced as it changes. */
  count: ReactNode
  /** Filters beside the search box (e.g. a schema select). */
  children?: ReactNode
}

/** The row above a searchable list: its search box and how many it shows. */
export function SearchToolbar({ label, placeholder, value, onChange, count, children }: Props) {
  return (
    <div className={styles.toolbar}>
      <input type="search" className={`input ${styles.search}`} placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      {children}
      <span className={styles.count} aria-live="polite">
        {count}
      </span>
    </div>
  )
}
