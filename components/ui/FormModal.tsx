import { useId, type FormEvent, type ReactNode } from 'react'
import type { DialogSize } from '@/lib/constants'
import { Admonition } from './Admonition'
import { Modal } from './Modal'
import styles from './ConfirmModal.module.css'

export type FormModalProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  size?: DialogSize
  /** The submit button's text, e.g. "Create job", and its text while it runs. */
  submitLabel: string
  pendingLabel?: string
  formClassName?: string
  pending: boolean
  /** A failure to show in place, above the fields (the form keeps what was typed). */
  error?: ReactNode
  errorTitle?: string
  onSubmit: () => void
  children: ReactNode
}

/**
 * A dialog holding one form: title, the fields, and Cancel / submit below (disabled, "Saving…",
 * while it runs; the dialog cannot be dismissed meanwhile). Enter in a field submits.
 */
export function FormModal({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  submitLabel,
  pendingLabel = 'Saving…',
  formClassName,
  pending,
  error,
  errorTitle,
  onSubmit,
  children,
}: FormModalProps) {
  const formId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
      size={size}
      footer={
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </button>
        </div>
      }
    >
      <form id={formId} className={formClassName} onSubmit={submit} noValidate autoComplete="off">
        {error && (
          <Admonition type="danger" role="alert" title={errorTitle}>
            {error}
          </Admonition>
        )}
        {children}
      </form>
    </Modal>
  )
}
