import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { CopyButton } from '@/components/ui/CopyButton'
import { Modal } from '@/components/ui/Modal'
import { OneTimeCodeInput } from '@/components/ui/OneTimeCodeInput'
import { unenrollMfaFactor } from '@/data/mfa/mfa-unenroll-mutation'
import { useMfaEnrollMutation, type TotpEnrollment } from '@/data/mfa/mfa-enroll-mutation'
import { useMfaVerifyMutation } from '@/data/mfa/mfa-verify-mutation'
import styles from './Account.module.css'

export type MfaEnrollDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Adds an authenticator app: a name, then the QR code (and secret) to scan, then a code from
 * the app to prove it works. Closing before the code is verified removes the pending factor.
 */
export function MfaEnrollDialog({ open, onOpenChange }: MfaEnrollDialogProps) {
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null)
  const enroll = useMfaEnrollMutation({ onSuccess: (data) => setEnrollment(data) })
  const verify = useMfaVerifyMutation({
    onSuccess() {
      toast.success('Authenticator app added')
      reset()
      onOpenChange(false)
    },
  })

  function reset() {
    setName('')
    setCode('')
    setEnrollment(null)
    enroll.reset()
    verify.reset()
  }

  function close(next: boolean) {
    if (next) return onOpenChange(true)
    // An unverified factor is of no use; do not leave it behind.
    if (enrollment) void unenrollMfaFactor({ factorId: enrollment.factorId }).catch(() => undefined)
    reset()
    onOpenChange(false)
  }

  function submitName(event: FormEvent) {
    event.preventDefault()
    enroll.mutate({ friendlyName: name.trim() || undefined })
  }

  function submitCode(event: FormEvent) {
    event.preventDefault()
    if (!enrollment || code.length !== 6) return
    verify.mutate({ factorId: enrollment.factorId, code })
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Add an authenticator app"
      description={
        enrollment
          ? 'Scan the QR code with your authenticator app, then enter the code it shows.'
          : 'Use an app such as 1Password, Authy or Google Authenticator to generate sign-in codes.'
      }
    >
      {!enrollment ? (
        <form onSubmit={submitName} aria-label="Name the authenticator app">
          <div className="field">
            <label htmlFor="mfa-friendly-name">Name (optional)</label>
            <input
              id="mfa-friendly-name"
              className="input"
              maxLength={64}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="My phone"
            />
          </div>
          <div className={styles.actions}>
            <button type="button" className="btn" onClick={() => close(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={enroll.isPending}>
              {enroll.isPending ? 'Generating…' : 'Generate QR code'}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitCode} aria-label="Verify the authenticator app">
          <div className={styles.qr}>
            <img src={enrollment.qrCode} alt="QR code to scan with your authenticator app" />
            <div className={styles.grow}>
              <p className="muted">Can&apos;t scan it? Enter this secret in the app instead:</p>
              <div className={styles.secret}>
                <code data-testid="mfa-secret">{enrollment.secret}</code>
                <CopyButton text={enrollment.secret} aria-label="Copy secret" />
              </div>
            </div>
          </div>
          <div className="field">
            <label htmlFor="mfa-enroll-code">Code from the app</label>
            <OneTimeCodeInput id="mfa-enroll-code" value={code} onChange={setCode} />
          </div>
          <div className={styles.actions}>
            <button type="button" className="btn" onClick={() => close(false)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={code.length !== 6 || verify.isPending}>
              {verify.isPending ? 'Verifying…' : 'Verify'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  )
}
