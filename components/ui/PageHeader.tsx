import type { ReactNode } from 'react'
import styles from './PageHeader.module.css'

/** A screen's header: its title (the page's one h1), a line on what it is for, and actions beside them. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions}
    </header>
  )
}

/** The frame of a screen with a page header: a column with even gaps. */
export const pageScreenClass = `page ${styles.screen}`
