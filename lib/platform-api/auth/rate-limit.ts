import type { Db } from '../db/types'
import { tooManyRequests } from '../http/errors'

/** At most `max` counted events per key in a window that opens at the first of them. */
export type RateLimitRule = { max: number; windowSeconds: number }

/** Failed password sign-ins per account (e-mail). */
export const SIGN_IN_ACCOUNT_LIMIT: RateLimitRule = { max: 5, windowSeconds: 300 }
/** Failed password sign-ins per client address, whatever the account. */
export const SIGN_IN_ADDRESS_LIMIT: RateLimitRule = { max: 20, windowSeconds: 300 }
/** Forgot-password requests per client address (each stores a row). */
export const RECOVER_ADDRESS_LIMIT: RateLimitRule = { max: 10, windowSeconds: 300 }
/** Wrong TOTP codes per factor: six digits must not be guessable. */
export const MFA_VERIFY_LIMIT: RateLimitRule = { max: 5, windowSeconds: 300 }

export type RateLimitCheck = { key: string; rule: RateLimitRule; message: string }

/** Seconds until `key` may be used again; 0 when it is under its limit. */
export async function secondsBlocked(db: Db, key: string, rule: RateLimitRule): Promise<number> {
  const { rows } = await db.query<{ failures: number; remaining: number }>(
    `select failures, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as remaining
       from platform.auth_rate_limits where key = $1`,
    [key, rule.windowSeconds]
  )
  const row = rows[0]
  if (!row || row.remaining <= 0 || row.failures < rule.max) return 0
  return row.remaining
}

/** Throws 429 with Retry-After (seconds) for the first check whose key is over its limit. */
export async function assertNotRateLimited(db: Db, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    const seconds = await secondsBlocked(db, check.key, check.rule)
    if (seconds > 0) throw tooManyRequests(`${check.message} Try again in ${seconds} seconds.`, seconds)
  }
}

/** Counts one event against a key, opening a new window when the last one has passed. */
export async function recordRateLimitHit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  await db.query(
    `insert into platform.auth_rate_limits as l (key, failures, window_start) values ($1, 1, now())
     on conflict (key) do update set
       failures = case when l.window_start <= now() - make_interval(secs => $2) then 1 else l.failures + 1 end,
       window_start = case when l.window_start <= now() - make_interval(secs => $2) then now() else l.window_start end`,
    [key, rule.windowSeconds]
  )
  // Now and then, forget windows that closed long ago so the table stays small.
  if (Math.random() < 0.02) {
    await db.query(`delete from platform.auth_rate_limits where window_start < now() - interval '1 day'`)
  }
}

/** Forgets a key's count (a successful sign-in clears its account's failures). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.query('delete from platform.auth_rate_limits where key = $1', [key])
}

/** Rate-limit keys, namespaced so the kinds never collide. */
export const rateLimitKeys = {
  signInAccount: (email: string) => `sign-in:account:${email.trim().toLowerCase()}`,
  signInAddress: (ip: string) => `sign-in:address:${ip}`,
  recoverAddress: (ip: string) => `recover:address:${ip}`,
  mfaFactor: (factorId: string) => `mfa-verify:factor:${factorId}`,
}
