import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { OneTimeCodeInput } from '@/components/ui/OneTimeCodeInput'
import { verifyMfaCode } from '@/data/mfa/mfa-verify-mutation'
import { authErrorMessage } from './auth-error-message'
import styles from './Auth.module.css'

export type MfaChallengeFormProps = {
  factorId: string
  /** Called once the code was accepted and the session is aal2. */
  onVerified: () => void
  /** Leaves the half-signed-in state (signs out). */
  onCancel: () => void
}

/** The second sign-in step for accounts with an authenticator app: a 6-digit code. */
export function MfaChallengeForm({ factorId, onVerified, onCancel }: MfaChallengeFormProps) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await verifyMfaCode({ factorId, code: code.trim() })
      onVerified()
    } catch (error) {
      toast.error(authErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="mfa-code">Authentication code</label>
        <OneTimeCodeInput id="mfa-code" className={`input ${styles.code}`} pattern="[0-9]{6}" value={code} onChange={setCode} aria-describedby="mfa-code-hint" autoFocus />
        <span id="mfa-code-hint" className="field-hint">
          Enter the 6-digit code from your authenticator app.
        </span>
      </div>
      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={busy || code.length !== 6}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      <p className={styles.secondary}>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Sign in with a different account
        </button>
      </p>
    </form>
  )
}
