import { useId, type FormEvent, type ReactNode } from 'react'
import { Modal } from '@/components/ui/Modal'
import { WriteButton } from '@/components/ui/WriteButton'
import type { ProjectAccess } from '@/hooks/use-project-access'
import dbStyles from './Database.module.css'

type Props = {
  access: ProjectAccess
  title: string
  submitLabel: string
  pending: boolean
  onSubmit: () => void
  onClose: () => void
  children: ReactNode
}

/**
 * A form in a dialog at the page's right edge (the list stays beside it): Cancel and a submit that
 * says why a Read-only member cannot use it; not dismissed while it runs.
 */
export function SidePanelForm({ access, title, submitLabel, pending, onSubmit, onClose, children }: Props) {
  const formId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (access.canWrite) onSubmit()
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      size="xlarge"
      placement="side"
      footer={
        <div className={dbStyles.actions}>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            {access.canWrite ? 'Cancel' : 'Close'}
          </button>
          <WriteButton blockedReason={access.writeBlockedReason} type="submit" form={formId} className="btn btn-primary" disabled={pending}>
            {pending ? 'Saving…' : submitLabel}
          </WriteButton>
        </div>
      }
    >
      <form id={formId} className={dbStyles.form} onSubmit={submit} noValidate autoComplete="off">
        {access.writeBlockedReason && (
          <p className="field-hint" role="note" style={{ marginTop: 0 }}>
            {access.writeBlockedReason}
          </p>
        )}
        {children}
      </form>
    </Modal>
  )
}
