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
