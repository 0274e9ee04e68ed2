import type { ReactNode } from 'react'
import type { BannerKind } from '@/lib/banners'
import styles from './Banner.module.css'

type BannerProps = {
  kind: BannerKind
  title?: string
  children: ReactNode
  /** Shown as a close button when given. */
  onDismiss?: () => void
  dismissLabel?: string
}

/** One banner at the top of the page (spec §2 Banners). */
export function Banner({ kind, title, children, onDismiss, dismissLabel = 'Dismiss' }: BannerProps) {
  return (
    <div className={`admonition admonition-${kind} ${styles.banner}`} role={kind === 'danger' ? 'alert' : 'status'}>
      <div className={styles.text}>
        {title && <div className="admonition-title">{title}</div>}
        <div>{children}</div>
      </div>
      {onDismiss && (
        <button type="button" className="btn btn-sm" onClick={onDismiss}>
          {dismissLabel}
        </button>
      )}
    </div>
  )
}
