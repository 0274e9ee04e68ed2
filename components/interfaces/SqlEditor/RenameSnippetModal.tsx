import { useEffect, useId, useState, type FormEvent } from 'react'
import { Modal } from '@/components/ui/Modal'
import { SNIPPET_NAME_MAX_LENGTH } from '@/lib/sql/limits'

export type RenameSnippetModalProps = {
  open: boolean
  currentName: string
  saving: boolean
  onSave: (name: string) => void
  onCancel: () => void
}

/** Names a snippet (1 to 256 characters, trimmed, as the platform checks). */
export function RenameSnippetModal({ open, currentName, saving, onSave, onCancel }: RenameSnippetModalProps) {
  const [name, setName] = useState(currentName)
  const [touched, setTouched] = useState(false)
  const inputId = useId()
  const errorId = useId()

  useEffect(() => {
    if (open) {
      setName(currentName)
      setTouched(false)
    }
  }, [open, currentName])

  const trimmed = name.trim()
  const error = trimmed === '' ? 'Give the snippet a name.' : trimmed.length > SNIPPET_NAME_MAX_LENGTH ? `A name has at most ${SNIPPET_NAME_MAX_LENGTH} characters.` : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (error || saving) return
    if (trimmed === currentName) onCancel()
    else onSave(trimmed)
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Rename snippet"
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" form={`${inputId}-form`} className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      <form id={`${inputId}-form`} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>Name</label>
          <input
            id={inputId}
            className="input"
            value={name}
            autoFocus
            maxLength={SNIPPET_NAME_MAX_LENGTH}
            aria-invalid={touched && error ? true : undefined}
            aria-describedby={touched && error ? errorId : undefined}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
          />
          {touched && error && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
      </form>
    </Modal>
  )
}
