import { MAX_PASSWORD_LENGTH, type PasswordCheckResult } from '@/lib/password-strength'
import type { Caller } from '../auth/caller'
import { PASSWORD_CHECK_LIMIT, consumeRateLimit, rateLimitKeys } from '../auth/rate-limit'
import type { Db } from '../db/types'

type Zxcvbn = typeof import('zxcvbn')
let zxcvbnModule: Promise<Zxcvbn> | null = null

// zxcvbn carries large dictionaries: load them on the first check, not with every route.
function loadZxcvbn(): Promise<Zxcvbn> {
  zxcvbnModule ??= import('zxcvbn').then((m) => ((m as unknown as { default?: Zxcvbn }).default ?? (m as unknown as Zxcvbn)))
  return zxcvbnModule
}

/**
 * Scores a password with zxcvbn (0–4) for `POST /platform/profile/password-check` (spec §5, §7).
 * `userInputs` (the caller's e-mail, names) count as guessable words. The caller checks the
 * length limit first.
 */
export async function scorePassword(password: string, userInputs: string[] = []): Promise<PasswordCheckResult> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new Error('password longer than the maximum')
  const zxcvbn = await loadZxcvbn()
  const { score, feedback } = zxcvbn(password, userInputs.filter(Boolean))
  return { score, feedback: { suggestions: feedback.suggestions ?? [], warning: feedback.warning ?? '' } }
}

/**
 * Counts a strength check against PASSWORD_CHECK_LIMIT (429 with Retry-After past it): per user
 * when signed in, per client address otherwise (the sign-up form, and the self-hosted build whose
 * one user stands for everyone).
 */
export async function limitPasswordChecks(db: Db, caller: Caller | null, ip: string): Promise<void> {
  const key = caller && !caller.selfHosted ? rateLimitKeys.passwordCheckUser(caller.userId) : rateLimitKeys.passwordCheckAddress(ip)
  await consumeRateLimit(db, [{ key, rule: PASSWORD_CHECK_LIMIT, message: 'Too many password strength checks.' }])
}
