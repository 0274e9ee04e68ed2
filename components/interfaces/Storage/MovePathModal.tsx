import { useId, useState, type ReactNode } from 'react'
import { FormModal } from '@/components/ui/FormModal'

type Props = {
  title: string
  description: ReactNode
  label: string
  hint: string
  submitLabel: string
  /** The path the field starts from (the current one). */
  from: string
  /** The target as typed, made canonical (trimmed, no leading or trailing slashes...). */
  normalize: (typed: string) => string
  /** Why the target cannot be used, or null. */
  problemOf: (target: string) => string | null
  pending: boolean
  error: string | null
  errorTitle: string
  onClose: () => void
  /** Called at each attempt, before the target is checked (the last answer's error goes). */
  onAttempt: () => void
  /** Called with a target that passed the checks. */
  onSubmit: (target: string) => void
}

/** The form both moves share (a file, a folder): one path field, checked when submitted. */
export function MovePathModal({ title, description, label, hint, submitLabel, from, normalize, problemOf, pending, error, errorTitle, onClose, onAttempt, onSubmit }: Props) {
  const id = useId()
  const [to, setTo] = useState(from)
  const [submitted, setSubmitted] = useState(false)
  const target = normalize(to)
  const problem = problemOf(target)
  const shown = submitted ? problem : null
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      submitLabel={submitLabel}
      pendingLabel="Moving…"
      pending={pending}
      error={error}
      errorTitle={errorTitle}
      onSubmit={() => {
        setSubmitted(true)
        onAttempt()
        if (!problem) onSubmit(target)
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-to`}>{label}</label>
        <input id={`${id}-to`} className="input mono" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={shown ? true : undefined} aria-describedby={`${id}-hint`} />
        <span id={`${id}-hint`} className={shown ? 'field-error' : 'field-hint'}>
          {shown ?? hint}
        </span>
      </div>
    </FormModal>
  )
}
