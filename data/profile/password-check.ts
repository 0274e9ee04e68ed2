import { post } from '@/data/fetchers'
import type { PasswordCheckResponse } from '@/lib/api-types/profile'
import type { PasswordCheckResult } from '@/lib/password-strength'

/**
 * spec §7: POST /platform/profile/password-check {password} → result.score and result.feedback.
 * It is a scorer for `evaluatePasswordStrength` (lib/password-strength.ts); no cache is kept,
 * because a password is never stored in a query key.
 */
export async function checkPassword(password: string, signal?: AbortSignal): Promise<PasswordCheckResult> {
  const { result } = await post<PasswordCheckResponse>('/platform/profile/password-check', { password }, { signal })
  return result
}
