import { useId } from 'react'
import { TextField } from '@/components/ui/Field'
import { SaveCancelActions } from '@/components/ui/FormActions'
import { Toggle } from '@/components/ui/Toggle'
import { useProjectAuthConfigUpdateMutation } from '@/data/project-auth/config-update-mutation'
import type { ProjectAuthConfig } from '@/data/project-auth/config-query'
import { useSettingsForm } from '@/hooks/use-settings-form'
import { AUTH_SETTINGS_RULES } from './auth-settings.utils'
import styles from './ProjectAuth.module.css'

type Props = { projectRef: string; config: ProjectAuthConfig; canEdit: boolean; blockedReason: string | null }

/** The auth settings; Save sends only what changed (Owner and Admin only). */
export function AuthSettingsForm({ projectRef, config, canEdit, blockedReason }: Props) {
  const id = useId()
  const form = useSettingsForm(config, AUTH_SETTINGS_RULES, 'Auth settings saved')
  const save = useProjectAuthConfigUpdateMutation({ onError: (error) => form.setServerError(error.message) })
  const disabled = !canEdit || save.isPending
  const toggle = (key: 'allowSignups' | 'confirmEmail') => ({ checked: form.values[key], disabled, onChange: (on: boolean) => form.set(key, on) })
  return (
    <form
      className={`card ${styles.settings}`}
      onSubmit={(event) => form.submit(event, (changes, onSaved) => save.mutate({ projectRef, ...changes }, { onSuccess: onSaved }))}
      noValidate
      aria-label="Auth settings"
    >
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
      <TextField label="Site URL" type="url" spellCheck={false} hint="Where a recovery link sends the user once it has signed them in." {...form.textField('siteUrl', id, disabled)} />
      <TextField
        label="JWT expiry (seconds)"
        inputMode="numeric"
        hint="How long an access token lasts before the client refreshes it; 3600 is an hour."
        {...form.textField('jwtExp', id, disabled)}
      />
      {blockedReason && <p className="field-hint">{blockedReason}</p>}
      <SaveCancelActions error={form.serverError} disabled={disabled} dirty={form.dirty} pending={save.isPending} onCancel={form.reset} />
    </form>
  )
}
