import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import { FormModal } from '@/components/ui/FormModal'
import { useSecretCreateMutation } from '@/data/vault/secret-create-mutation'
import { useSecretUpdateMutation } from '@/data/vault/secret-update-mutation'
import type { VaultSecret } from '@/data/vault/secrets-query'
import { SECRET_DESCRIPTION_MAX_LENGTH, secretNameError, secretValueError } from '@/lib/vault/names'
import styles from './Vault.module.css'

type Values = { name: string; description: string; value: string }
type Props = { projectRef: string; secret?: VaultSecret | null; open: boolean; onOpenChange: (open: boolean) => void }

/** Adds a secret, or edits one (a new value replaces the stored one; left empty, it is kept). */
export function SecretFormModal({ projectRef, secret, open, onOpenChange }: Props) {
  const id = useId()
  const editing = Boolean(secret)
  const [values, setValues] = useState<Values>({ name: '', description: '', value: '' })
  const [touched, setTouched] = useState<Record<string, boolean>>({})
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    setValues({ name: secret?.name ?? '', description: secret?.description ?? '', value: '' })
    setTouched({})
    setSubmitted(false)
    setServerError(null)
  }, [open, secret])

  const onError = (error: Error) => setServerError(error.message)
  const create = useSecretCreateMutation({ onError })
  const update = useSecretUpdateMutation({ onError })
  const saving = create.isPending || update.isPending

  const errors: Partial<Values> = {}
  const nameError = secretNameError(values.name.trim())
  if (nameError) errors.name = nameError
  if (values.description.trim().length > SECRET_DESCRIPTION_MAX_LENGTH) errors.description = `A description is at most ${SECRET_DESCRIPTION_MAX_LENGTH} characters`
  const valueError = editing && values.value === '' ? null : secretValueError(values.value)
  if (valueError) errors.value = valueError
  const shown = (field: keyof Values) => ((submitted || touched[field]) && errors[field]) || undefined

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (Object.keys(errors).length > 0) return
    const name = values.name.trim()
    const description = values.description.trim()
    const done = (verb: string) => () => {
      toast.success(`Secret ${name} ${verb}`)
      onOpenChange(false)
    }
    if (secret) {
      update.mutate(
        { projectRef, id: secret.id, name, description, ...(values.value ? { value: values.value } : {}) },
        { onSuccess: done('saved') }
      )
    } else {
      create.mutate({ projectRef, name, description, value: values.value }, { onSuccess: done('added') })
    }
  }

  const field = (key: keyof Values) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [key]: true })),
    'aria-invalid': shown(key) ? true : undefined,
    'aria-describedby': `${id}-${key}-hint`,
  })

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={secret ? `Edit secret ${secret.name}` : 'Add secret'}
      description="Secrets are encrypted at rest; their values are shown only when revealed."
      submitLabel={secret ? 'Save secret' : 'Add secret'}
      pending={saving}
      error={serverError}
      errorTitle="The secret was not saved"
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input className="input mono" autoComplete="off" spellCheck={false} {...field('name')} />
        <span id={`${id}-name-hint`} className={shown('name') ? 'field-error' : 'field-hint'}>
          {shown('name') ?? 'Letters, digits and underscores, e.g. STRIPE_API_KEY'}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <input className="input" autoComplete="off" {...field('description')} />
        <span id={`${id}-description-hint`} className={shown('description') ? 'field-error' : 'field-hint'}>
          {shown('description') ?? 'What the secret is for'}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-value`}>{secret ? 'New value' : 'Value'}</label>
        <textarea className={`textarea ${styles.valueInput}`} autoComplete="off" spellCheck={false} {...field('value')} />
        <span id={`${id}-value-hint`} className={shown('value') ? 'field-error' : 'field-hint'}>
          {shown('value') ?? (secret ? 'Leave empty to keep the current value' : 'Stored encrypted (AES-256-GCM)')}
        </span>
      </div>
    </FormModal>
  )
}
