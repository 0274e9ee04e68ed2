import { useId, useState, type FormEvent } from 'react'
import { TextField } from '@/components/ui/Field'
import { useSupportTicketCreateMutation } from '@/data/support/support-ticket-create-mutation'
import { SUPPORT_CATEGORY_OPTIONS, isSupportCategory } from '@/lib/catalogue/support-categories'
import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  validateSupportForm,
  type SupportFormErrors,
  type SupportFormValues,
} from './Support.utils'
import styles from './Support.module.css'

export type SupportFormProps = {
  initialValues: SupportFormValues
  /** Called with the new ticket's id once the platform has stored it. */
  onSent: (ticketId: string) => void
}

/**
 * The support request form (spec §2 /support/new). Validates on submit and then as the user
 * fixes fields; a failed send shows a toast and keeps everything typed.
 */
export function SupportForm({ initialValues, onSent }: SupportFormProps) {
  const id = useId()
  const [values, setValues] = useState(initialValues)
  const [errors, setErrors] = useState<SupportFormErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const { mutate, isPending } = useSupportTicketCreateMutation({ onSuccess: (data) => onSent(data.id) })

  const update = <K extends keyof SupportFormValues>(key: K, value: SupportFormValues[K]) => {
    const next = { ...values, [key]: value }
    setValues(next)
    if (submitted) setErrors(validateSupportForm(next))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const found = validateSupportForm(values)
    setErrors(found)
    if (Object.keys(found).length > 0 || !isSupportCategory(values.category)) {
      const firstInvalid = (['category', 'subject', 'message'] as const).find((key) => found[key])
      if (firstInvalid) document.getElementById(`${id}-${firstInvalid}`)?.focus()
      return
    }
    mutate({
      category: values.category,
      subject: values.subject.trim(),
      message: values.message.trim(),
      errorReportId: values.errorReportId || undefined,
      projectRef: values.projectRef.trim() || undefined,
      organizationSlug: values.organizationSlug.trim() || undefined,
      allowSupportAccess: values.allowSupportAccess,
    })
  }

  const fieldError = (key: keyof SupportFormErrors) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="field-error">
        {errors[key]}
      </p>
    ) : null
  const describedBy = (key: keyof SupportFormErrors, hint?: string) =>
    [errors[key] ? `${id}-${key}-error` : null, hint].filter(Boolean).join(' ') || undefined
  // The organization and project the request is about: free text, optional, never validated.
  const optionalField = (key: 'organizationSlug' | 'projectRef', idSuffix: string, label: string, placeholder: string) => (
    <TextField id={`${id}-${idSuffix}`} label={label} value={values[key]} maxLength={64} onChange={(event) => update(key, event.target.value)} placeholder={placeholder} />
  )

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={isPending}>
      <div className="field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select
          id={`${id}-category`}
          className="select"
          value={values.category}
          onChange={(event) => update('category', event.target.value as SupportFormValues['category'])}
          aria-invalid={Boolean(errors.category)}
          aria-describedby={describedBy('category', `${id}-category-hint`)}
        >
          {SUPPORT_CATEGORY_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p id={`${id}-category-hint`} className="field-hint">
          {SUPPORT_CATEGORY_OPTIONS.find((option) => option.value === values.category)?.description}
        </p>
        {fieldError('category')}
      </div>

      <div className={styles.row}>
        {optionalField('organizationSlug', 'org', 'Organization (optional)', 'Organization slug')}
        {optionalField('projectRef', 'project', 'Project (optional)', 'Project reference')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input
          id={`${id}-subject`}
          className="input"
          value={values.subject}
          onChange={(event) => update('subject', event.target.value)}
          aria-invalid={Boolean(errors.subject)}
          aria-describedby={describedBy('subject')}
          aria-required="true"
        />
        {fieldError('subject')}
      </div>

      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          className={`textarea ${styles.message}`}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-invalid={Boolean(errors.message)}
          aria-describedby={describedBy('message', `${id}-message-hint`)}
          aria-required="true"
          rows={10}
        />
        <p id={`${id}-message-hint`} className="field-hint">
          Describe what happened and what you expected. Up to {SUPPORT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')}{' '}
          characters; subjects up to {SUPPORT_SUBJECT_MAX_LENGTH}.
        </p>
        {fieldError('message')}
      </div>

      {values.errorReportId && (
        <p className="field-hint">
          Error report id: <code>{values.errorReportId}</code> (sent with your request)
        </p>
      )}

      <div className={styles.checkbox}>
        <input
          id={`${id}-access`}
          type="checkbox"
          checked={values.allowSupportAccess}
          onChange={(event) => update('allowSupportAccess', event.target.checked)}
          aria-describedby={`${id}-access-hint`}
        />
        <div>
          <label htmlFor={`${id}-access`}>Allow support access to your project</label>
          <p id={`${id}-access-hint`} className="field-hint">
            Lets support look into the project named above while working on this request.
          </p>
        </div>
      </div>

      <div className={styles.actions}>
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? 'Sending…' : 'Send support request'}
        </button>
      </div>
    </form>
  )
}
