import { useEffect, useId, useState } from 'react'
import { toast } from 'sonner'
import { TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { useProjectUserCreateMutation } from '@/data/project-auth/user-create-mutation'
import { createUserErrors, type NewUser } from './user-form.utils'
import styles from './ProjectAuth.module.css'

const EMPTY: NewUser = { email: '', password: '', autoConfirm: true }

/** Adds a user with an e-mail and password; confirmed at once unless the member unticks it. */
export function CreateUserModal({ projectRef, open, onOpenChange }: { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId()
  const [values, setValues] = useState<NewUser>(EMPTY)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const create = useProjectUserCreateMutation({ onError: (error) => setServerError(error.message) })

  useEffect(() => {
    if (!open) return
    setValues(EMPTY)
    setSubmitted(false)
    setServerError(null)
  }, [open])

  const errors = createUserErrors(values)
  const text = (key: 'email' | 'password') => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: submitted ? errors[key] : undefined,
    errorId: `${id}-${key}-error`,
  })

  function submit() {
    setSubmitted(true)
    setServerError(null)
    if (errors.email || errors.password) return
    const email = values.email.trim()
    create.mutate(
      { projectRef, email, password: values.password, email_confirm: values.autoConfirm },
      {
        onSuccess: () => {
          toast.success(`User ${email} added`)
          onOpenChange(false)
        },
      }
    )
  }

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add user"
      description="The user signs in to your app with this e-mail address and password."
      submitLabel="Add user"
      pending={create.isPending}
      error={serverError}
      errorTitle="The user was not added"
      onSubmit={submit}
    >
      <TextField label="Email" type="email" autoComplete="off" spellCheck={false} {...text('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" hint="6 to 72 characters" {...text('password')} />
      <label className={styles.checkbox} htmlFor={`${id}-confirm`}>
        <input id={`${id}-confirm`} type="checkbox" checked={values.autoConfirm} onChange={(e) => setValues((v) => ({ ...v, autoConfirm: e.target.checked }))} />
        Auto-confirm the user (they can sign in at once)
      </label>
    </FormModal>
  )
}
