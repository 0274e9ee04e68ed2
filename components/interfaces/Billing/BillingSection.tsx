import type { ReactNode } from 'react'
import { BillingPermissionNote } from './BillingPermissionNote'
import styles from './Billing.module.css'

type BillingSectionProps = {
  /** The anchor of the section, e.g. `address` for `/org/{slug}/billing#address`. */
  id: string
  title: string
  description?: ReactNode
  /** The plan table needs the full width; other sections put their text beside the content. */
  wide?: boolean
  /** For a section only Owners and Admins may see: whether the member may, and what it shows ("invoices"); else the permission note stands in for `children`. */
  restricted?: { allowed: boolean; what: string }
  children: ReactNode
}

/** One titled part of the billing page, reachable by its anchor. */
export function BillingSection({ id, title, description, wide = false, restricted, children }: BillingSectionProps) {
  const headingId = `${id}-title`
  return (
    <section id={id} aria-labelledby={headingId} className={wide ? `${styles.section} ${styles.sectionWide}` : styles.section}>
      <div className={styles.sectionIntro}>
        <h2 id={headingId}>{title}</h2>
        {description && <p className="muted">{description}</p>}
      </div>
      <div className={styles.sectionBody}>{restricted && !restricted.allowed ? <BillingPermissionNote what={restricted.what} /> : children}</div>
    </section>
  )
}
