import styles from '@/components/ui/PasswordStrengthMeter.module.css'

export type PasswordStrengthMeterProps = {
  /** 0–4 (spec §5 strength scale). */
  strength: number
  message: string
  warning: string
  /** id for the messages, so the password input can point at them with aria-describedby. */
  id: string
}

function level(strength: number): 'weak' | 'fair' | 'strong' {
  if (strength >= 4) return 'strong'
  return strength >= 2 ? 'fair' : 'weak'
}

/** The 0–4 strength bar and the spec's strength message and warning under a password input. */
export function PasswordStrengthMeter({ strength, message, warning, id }: PasswordStrengthMeterProps) {
  return (
    <div>
      <div
        className={styles.meter}
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength}
        aria-valuetext={`${strength} of 4`}
      >
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={styles.segment} data-on={strength >= step} data-level={level(strength)} />
        ))}
      </div>
      <div id={id} aria-live="polite">
        {message && <p className={styles.message}>{message}</p>}
        {warning && <p className={styles.warning}>{warning}</p>}
      </div>
    </div>
  )
}
