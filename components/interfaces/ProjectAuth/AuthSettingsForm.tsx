import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { TextField } from '@/components/ui/Field'
import { FormActions } from '@/components/ui/FormActions'
import { Toggle } from '@/components/ui/Toggle'
import { useProjectAuthConfigUpdateMutation } from '@/data/project-auth/config-update-mutation'
import type { ProjectAuthConfig } from '@/data/project-auth/config-query'
import { changedSettings, settingsErrors, settingsValues, type AuthSettingsValues } from './auth-settings.utils'
import styles from './ProjectAuth.module.css'

type Props = { projectRef: string; config: ProjectAuthConfig; canEdit: boolean; blockedReason: string | null }

/** The auth settings; Save sends only what changed (Owner and Admin only). */
export function AuthSettingsForm({ projectRef, config, canEdit, blockedReason }: Props) {
  const id = useId()
  const [values, setValues] = useState<AuthSettingsValues>(() => settingsValues(config))
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const save = useProjectAuthConfigUpdateMutation({ onError: (error) => setServerError(error.message) })

  const errors = settingsErrors(values)
  const changes = changedSettings(config, values)
  const dirty = Object.keys(changes).length > 0
  const shown = (field: keyof typeof errors) => (submitted ? errors[field] : undefined)
  const set = <K extends keyof AuthSettingsValues>(key: K, value: AuthSettingsValues[K]) => setValues((v) => ({ ...v, [key]: value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (!dirty || errors.siteUrl || errors.jwtExp) return
    save.mutate(
      { projectRef, ...changes },
      {
        onSuccess: (saved) => {
          setValues(settingsValues(saved))
          setSubmitted(false)
          toast.success('Auth settings saved')
        },
      }
    )
  }

  const disabled = !canEdit || save.isPending
  const toggle = (key: 'allowSignups' | 'confirmEmail') => ({ checked: values[key], disabled, onChange: (on: boolean) => set(key, on) })
  const text = (key: 'siteUrl' | 'jwtExp') => ({
    id: `${id}-${key}`,
    value: values[key],
    disabled,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: shown(key),
    errorId: `${id}-${key}-error`,
  })
  return (
    <form className={`card ${styles.settings}`} onSubmit={submit} noValidate aria-label="Auth settings">
      <h2>Sign-ups and sign-ins</h2>
      <Toggle
        label="Allow new users to sign up"
        description="Off: only users you add on the Users screen can sign in."
        {...toggle('allowSignups')}
      />
      <Toggle
        label="Confirm email"
        description="On: new users must have their address confirmed before they can sign in. The embedded platform sends no mail, so confirm them yourself from the Users screen. Off: sign-ups are confirmed at once."
        {...toggle('confirmEmail')}
      />
      <TextField label="Site URL" type="url" spellCheck={false} hint="Where a recovery link sends the user once it has signed them in." {...text('siteUrl')} />
      <TextField
        label="JWT expiry (seconds)"
        inputMode="numeric"
        hint="How long an access token lasts before the client refreshes it; 3600 is an hour."
        {...text('jwtExp')}
      />
      {blockedReason && <p className="field-hint">{blockedReason}</p>}
      <FormActions error={serverError}>
        <button type="button" className="btn" disabled={disabled || !dirty} onClick={() => setValues(settingsValues(config))}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={disabled || !dirty}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </FormActions>
    </form>
  )
}
