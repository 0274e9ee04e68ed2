import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { isAbortError } from '@/data/fetchers'
import { checkPassword } from '@/data/profile/password-check'
import {
  evaluatePasswordStrength,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  type PasswordStrength,
} from '@/lib/password-strength'

/** Pause after the last keystroke before the server scores the password (not in the spec). */
export const PASSWORD_CHECK_DEBOUNCE_MS = 300

/** spec §8 */
export function passwordCheckFailedMessage(message: string): string {
  return `Failed to check password strength: ${message}`
}

const EMPTY: PasswordStrength = { message: '', warning: '', strength: 0 }

export type PasswordStrengthState = PasswordStrength & {
  /** True from a keystroke until the answer for the current password arrives. */
  isChecking: boolean
  /** True when the current password reached the minimum score (spec §5: 4). */
  isStrongEnough: boolean
}

/**
 * Live strength of a password (spec §5): debounced, scored by POST /platform/profile/password-check,
 * turned into the spec's messages by `evaluatePasswordStrength`. Only the answer for the password
 * now in the field counts; a slower answer for an older value is dropped. A failed check toasts
 * "Failed to check password strength: {message}" (spec §8).
 */
export function usePasswordStrength(password: string, debounceMs = PASSWORD_CHECK_DEBOUNCE_MS): PasswordStrengthState {
  const [answer, setAnswer] = useState<{ password: string; result: PasswordStrength } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    let current = true
    const scorer = (value: string) => checkPassword(value, controller.signal)
    const run = async () => {
      try {
        const result = await evaluatePasswordStrength(password, scorer)
        if (current) setAnswer({ password, result })
      } catch (error) {
        if (!current || isAbortError(error)) return
        toast.error(passwordCheckFailedMessage(error instanceof Error ? error.message : String(error)))
        setAnswer({ password, result: EMPTY })
      }
    }
    // Empty and too-long passwords are answered locally: no reason to wait.
    const local = password === '' || password.length > MAX_PASSWORD_LENGTH
    const timer = setTimeout(() => void run(), local ? 0 : debounceMs)
    return () => {
      current = false
      clearTimeout(timer)
      controller.abort()
    }
  }, [password, debounceMs])

  const result = answer?.password === password ? answer.result : null
  // While a new answer is on its way the last one stays on screen, so the bar does not flicker.
  const shown = password === '' ? EMPTY : (answer?.result ?? EMPTY)
  return {
    ...shown,
    isChecking: result === null && password !== '',
    isStrongEnough: result !== null && result.strength >= MIN_PASSWORD_SCORE,
  }
}
