import { useId, useState, type ReactNode } from 'react'
import type { DialogSize } from '@/lib/constants'
import { Modal } from './Modal'
import styles from './ConfirmModal.module.css'

export type ConfirmModalProps = {
  /** Default true: the caller mounts the dialog only while it is wanted. */
  open?: boolean
  title: string
  /** Shown under the title and announced as the dialog's description. */
  description?: ReactNode
  /** What confirming means for the user (what goes, what stops working); a string becomes a paragraph. */
  children: ReactNode
  /** The confirm button's text, e.g. "Delete secret". */
  confirmLabel: string
  /** The button's text while it runs. */
  pendingLabel?: string
  /** `danger` for what cannot be undone. */
  variant?: 'danger' | 'primary'
  /** Typed confirmation: the button stays disabled until this text is typed. */
  confirmText?: string
  pending: boolean
  /** Keeps the confirm button disabled (e.g. until a required choice is made). */
  disabled?: boolean
  onConfirm: () => void
  onClose: () => void
  size?: DialogSize
}

/** The confirmation before an action: Cancel, or the confirm button (disabled while it runs). */
export function ConfirmModal({
  open = true,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel = 'Deleting…',
  variant = 'danger',
  confirmText,
  pending,
  disabled = false,
  onConfirm,
  onClose,
  size = 'small',
}: ConfirmModalProps) {
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const confirmed = confirmText === undefined || typed === confirmText
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      size={size}
      footer={
        <div className={styles.actions}>
          <ConfirmButtons onCancel={onClose} cancelDisabled={pending} variant={variant} confirmDisabled={pending || disabled || !confirmed} onConfirm={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </ConfirmButtons>
        </div>
      }
    >
      <div className={styles.body}>
        {typeof children === 'string' ? <p className={styles.text}>{children}</p> : children}
        {confirmText !== undefined && (
          <div className="field">
            <label htmlFor={inputId}>
              Type <code>{confirmText}</code> to confirm
            </label>
            <input id={inputId} className="input" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
          </div>
        )}
      </div>
    </Modal>
  )
}

/** A dialog footer's Cancel and confirm buttons, for a dialog that lays out its own body. */
export function ConfirmButtons({
  onCancel,
  cancelDisabled,
  variant = 'danger',
  confirmDisabled,
  onConfirm,
  children,
}: {
  onCancel: () => void
  cancelDisabled?: boolean
  variant?: 'danger' | 'primary'
  confirmDisabled?: boolean
  onConfirm: () => void
  /** The confirm button's text. */
  children: ReactNode
}) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </button>
      <button type="button" className={`btn btn-${variant}`} disabled={confirmDisabled} onClick={onConfirm}>
        {children}
      </button>
    </>
  )
}
