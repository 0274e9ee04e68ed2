/**
 * Password strength rules (spec §5). The server scores the password; its call is injected as a
 * `scorer` so these rules stay pure and testable.
 */

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_SCORE } from '@/lib/constants'

// Re-exported so password callers need one import. The length counts UTF-16 code units, like
// an input's maxLength (spec §9: 99); the minimum score is 4 (spec §5).
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_SCORE }

/** Warning shown when the password is longer than {@link MAX_PASSWORD_LENGTH}. */
export const PASSWORD_TOO_LONG_WARNING = 'Password should be less than 100 characters' // spec §5

/** Message shown when the password is longer than {@link MAX_PASSWORD_LENGTH}. */
export const PASSWORD_TOO_LONG_MESSAGE = 'Maximum password length exceeded' // spec §5

/** Sentence appended to the server's warning when the score is below the minimum. */
export const STRONGER_PASSWORD_NEEDED = 'You need a stronger password.' // spec §5

/** Result of `POST /platform/profile/password-check` (spec §7), as the scorer must return it. */
export type PasswordCheckResult = {
  score: number
  feedback: { suggestions: string[]; warning: string }
}

/** The server call that scores a password (injected so the rule stays pure). */
export type PasswordScorer = (password: string) => Promise<PasswordCheckResult>

/** What a password field shows: a message, a warning and a 0–4 strength. */
export type PasswordStrength = { message: string; warning: string; strength: number }

// spec §5: strength scale 0 to 4
const STRENGTH_LABELS = [
  'This password is not acceptable.',
  'This password is not secure enough.',
  'This password is not secure enough.',
  'Not bad, but your password must be harder to guess.',
  'This password is strong.',
] as const

function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0
  return Math.min(4, Math.max(0, Math.floor(score)))
}

/** The label for a 0–4 score; out-of-range or fractional scores are floored and clamped. */
export function passwordStrengthMessage(score: number): string {
  return STRENGTH_LABELS[clampScore(score)]
}

/**
 * Scores a password: empty and too-long passwords are answered locally, anything else asks the
 * injected scorer. A scorer failure is rethrown for the caller to report (spec §8).
 */
export async function evaluatePasswordStrength(
  password: string,
  scorer: PasswordScorer
): Promise<PasswordStrength> {
  if (password === '') return { message: '', warning: '', strength: 0 }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return { message: PASSWORD_TOO_LONG_MESSAGE, warning: PASSWORD_TOO_LONG_WARNING, strength: 0 }
  }

  const { score, feedback } = await scorer(password)
  const strength = clampScore(score)
  const suggestions = (feedback?.suggestions ?? []).filter((s) => s.trim() !== '').join(' ')
  const message = `${passwordStrengthMessage(strength)} ${suggestions}`.trim()
  const warning =
    strength < MIN_PASSWORD_SCORE
      ? `${(feedback?.warning ?? '').trim()} ${STRONGER_PASSWORD_NEEDED}`.trim()
      : ''
  return { message, warning, strength }
}
