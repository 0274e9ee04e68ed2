import type { InputHTMLAttributes } from 'react'

type OneTimeCodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & { value: string; onChange: (code: string) => void }

/** The six-digit code of an authenticator app: digits only (anything else typed or pasted is dropped), open to the browser's one-time-code autofill. */
export function OneTimeCodeInput({ value, onChange, className = 'input', ...input }: OneTimeCodeInputProps) {
  return (
    <input
      className={className}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      {...input}
    />
  )
}
