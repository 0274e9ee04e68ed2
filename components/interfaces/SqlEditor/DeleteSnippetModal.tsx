import { Modal } from '@/components/ui/Modal'

export type DeleteSnippetModalProps = {
  open: boolean
  name: string
  deleting: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Confirms deleting a snippet: it is gone for good. */
export function DeleteSnippetModal({ open, name, deleting, onConfirm, onCancel }: DeleteSnippetModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Delete snippet"
      description={`“${name}” will be deleted for good. This cannot be undone.`}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete snippet'}
          </button>
        </>
      }
    />
  )
}
