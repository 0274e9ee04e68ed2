import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest } from '../http/errors'

/** True when the user has at least one verified MFA factor (table of migration 002). */
export async function userHasVerifiedFactor(db: Db, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select exists (select 1 from platform.mfa_factors where user_id = $1 and status = 'verified') as ok`,
    [userId]
  )
  return rows[0].ok
}

/**
 * An Owner may only require MFA of everyone once they use it themselves: otherwise they would
 * lock themselves out of their own organization (spec §2 route guard, §6 MFA).
 */
export async function assertCanRequireMfa(db: Db, caller: Caller): Promise<void> {
  if (caller.selfHosted) return
  if (!(await userHasVerifiedFactor(db, caller.userId))) {
    throw badRequest('Set up a verified MFA factor on your own account before requiring MFA for this organization')
  }
}
