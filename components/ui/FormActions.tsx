import type { ReactNode } from 'react'

/** The end of a form: what the server refused (announced), then its buttons at the end of the row. */
export function FormActions({ error, children }: { error?: string | null; children?: ReactNode }) {
  return (
    <>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      {children && <div className="form-actions">{children}</div>}
    </>
  )
}

/** Cancel (puts the saved values back) and Save of a settings form, both off until something changed. */
export function SaveCancelActions({ error, disabled, dirty, pending, onCancel }: {
  error?: string | null
  disabled: boolean
  dirty: boolean
  pending: boolean
  onCancel: () => void
}) {
  return (
    <FormActions error={error}>
      <button type="button" className="btn" disabled={disabled || !dirty} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={disabled || !dirty}>
        {pending ? 'Saving…' : 'Save'}
      </button>
    </FormActions>
  )
}
