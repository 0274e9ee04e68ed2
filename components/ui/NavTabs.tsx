import Link from 'next/link'
import styles from './NavTabs.module.css'

export type NavTab = { label: string; href: string }

/**
 * A row of links between the pages of one place (account, organization, advisor), underlined
 * under the current one (`aria-current="page"`). `current` is the href of the page shown.
 */
export function NavTabs({ label, tabs, current, className }: { label: string; tabs: readonly NavTab[]; current: string | null; className?: string }) {
  return (
    <nav className={[styles.tabs, className].filter(Boolean).join(' ')} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} className={styles.tab} aria-current={current === tab.href ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  )
}
