import { useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { Modal } from '@/components/ui/Modal'
import { useOrganizationDeleteMutation } from '@/data/organizations/organization-delete-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import styles from './Settings.module.css'

/** Deleting an organization, confirmed by typing its slug (Owner only; refused while it has projects). */
export function DeleteOrganizationPanel({
  organization,
  isOwner,
  onDeleted,
}: {
  organization: Organization
  isOwner: boolean
  onDeleted: () => void | Promise<void>
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const removal = useOrganizationDeleteMutation({
    onSuccess: () => {
      setOpen(false)
      toast.success(`Organization ${organization.name} deleted`)
      void onDeleted()
    },
    onError: (err) => setError(err.message),
  })
  const confirmed = typed.trim() === organization.slug

  return (
    <section className={`card ${styles.card} ${styles.danger}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete organization</h2>
      <p className="muted">
        Deleting the organization removes its members, invitations and billing details. Delete its projects first. This cannot
        be undone.
      </p>
      <button
        type="button"
        className="btn btn-danger"
        disabled={!isOwner}
        onClick={() => {
          setTyped('')
          setError(null)
          setOpen(true)
        }}
      >
        Delete organization
      </button>
      {!isOwner && <p className="field-hint">Only an Owner can delete the organization.</p>}

      <Modal
        open={open}
        onOpenChange={setOpen}
        size="small"
        title={`Delete ${organization.name}?`}
        description="This permanently deletes the organization."
        footer={
          <ConfirmButtons onCancel={() => setOpen(false)} cancelDisabled={removal.isPending} confirmDisabled={!confirmed || removal.isPending} onConfirm={() => removal.mutate({ slug: organization.slug })}>
            {removal.isPending ? 'Deleting…' : 'I understand, delete this organization'}
          </ConfirmButtons>
        }
      >
        <div className="field">
          <label htmlFor={`${id}-confirm`}>
            Type <strong>{organization.slug}</strong> to confirm
          </label>
          <input id={`${id}-confirm`} className="input" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
      </Modal>
    </section>
  )
}
