import type { ReactNode } from 'react'
import { Modal } from './Modal'
import styles from './ConfirmDeleteModal.module.css'

type ConfirmDeleteModalProps = {
  open: boolean
  title: string
  /** What deleting means for the user (what goes, what stops working). */
  children: ReactNode
  /** The danger button's text, e.g. "Delete secret". */
  confirmLabel: string
  pending: boolean
  onConfirm: () => void
  onClose: () => void
}

/** The confirmation before deleting one thing: Cancel, or the danger button (disabled while it runs). */
export function ConfirmDeleteModal({ open, title, children, confirmLabel, pending, onConfirm, onClose }: ConfirmDeleteModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      size="small"
      footer={
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
            {pending ? 'Deleting…' : confirmLabel}
          </button>
        </div>
      }
    >
      <p className={styles.text}>{children}</p>
    </Modal>
  )
}
