import { useId, useState } from 'react'
import { PasswordStrengthMeter } from '@/components/ui/PasswordStrengthMeter'
import type { PasswordStrengthState } from '@/hooks/use-password-strength'
import { MAX_PASSWORD_LENGTH } from '@/lib/password-strength'
import { generateStrongPassword } from './NewProject.utils'
import styles from './NewProject.module.css'

export type DatabasePasswordFieldProps = {
  value: string
  onChange: (password: string) => void
  /** The live strength of `value` (spec §5), from `usePasswordStrength`. */
  strength: PasswordStrengthState
  /** An error to show under the field (e.g. "too weak" on submit). */
  error?: string | null
}

/** The database password with its strength (the same server check as sign-up) and a generator. */
export function DatabasePasswordField({ value, onChange, strength, error }: DatabasePasswordFieldProps) {
  const id = useId()
  const [visible, setVisible] = useState(false)
  const describedBy = [`${id}-strength`, error ? `${id}-error` : null].filter(Boolean).join(' ')

  return (
    <div className="field">
      <label htmlFor={`${id}-password`}>Database password</label>
      <div className={styles.passwordRow}>
        <input
          id={`${id}-password`}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          // spec §5: longer than 99 characters is refused; let one more through so the message shows.
          maxLength={MAX_PASSWORD_LENGTH + 1}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <button type="button" className="btn" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
          {visible ? 'Hide' : 'Show'}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            onChange(generateStrongPassword())
            setVisible(true)
          }}
        >
          Generate a password
        </button>
      </div>
      <PasswordStrengthMeter id={`${id}-strength`} strength={strength.strength} message={strength.message} warning={strength.warning} />
      <span className="field-hint">Keep it somewhere safe: it is the password of the project&apos;s connection string and is not shown again.</span>
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
