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
/**
 * Sign-ups per client address, whether the address was new or taken: each one costs a bcrypt
 * hash and may store an account, and "already registered" answers tell which addresses exist.
 * Ten an hour lets a household or an office behind one address sign up, not a script.
 */
export const SIGN_UP_ADDRESS_LIMIT: RateLimitRule = { max: 10, windowSeconds: 3600 }
/**
 * Telemetry events per client address (anyone may send them, signed in or not, and each one is
 * stored). The dashboard sends a handful per session (sign-up, preview toggles); 100 in 10
 * minutes is far above that and, with TELEMETRY_BODY_LIMIT, keeps one address under ~1.6 MB of
 * events per window instead of the store's free space.
 */
export const TELEMETRY_ADDRESS_LIMIT: RateLimitRule = { max: 100, windowSeconds: 600 }
/**
 * Password strength checks per signed-in user, or per client address when signed out (the
 * sign-up form checks before there is a user). Each one runs zxcvbn (tens of milliseconds of
 * CPU for a long password); the form checks once per pause of 300 ms in typing, so 60 a minute
 * is more than a person produces.
 */
export const PASSWORD_CHECK_LIMIT: RateLimitRule = { max: 60, windowSeconds: 60 }

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

/**
 * Counts one event against a key, opening a new window when the last one has passed; returns the
 * count in the window and the seconds left in it. One statement, so concurrent hits each count.
 */
async function countHit(db: Db, key: string, rule: RateLimitRule): Promise<{ count: number; remaining: number }> {
  const { rows } = await db.query<{ failures: number; remaining: number }>(
    `insert into platform.auth_rate_limits as l (key, failures, window_start) values ($1, 1, now())
     on conflict (key) do update set
       failures = case when l.window_start <= now() - make_interval(secs => $2) then 1 else l.failures + 1 end,
       window_start = case when l.window_start <= now() - make_interval(secs => $2) then now() else l.window_start end
     returning failures, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as remaining`,
    [key, rule.windowSeconds]
  )
  // Now and then, forget windows that closed long ago so the table stays small.
  if (Math.random() < 0.02) {
    await db.query(`delete from platform.auth_rate_limits where window_start < now() - interval '1 day'`)
  }
  return { count: Number(rows[0]?.failures ?? 0), remaining: Number(rows[0]?.remaining ?? rule.windowSeconds) }
}

/** Counts one event against a key, opening a new window when the last one has passed. */
export async function recordRateLimitHit(db: Db, key: string, rule: RateLimitRule): Promise<void> {
  await countHit(db, key, rule)
}

/**
 * Counts this request against each check's key and throws 429 with Retry-After when it is past
 * a limit. Counting first (atomically) and refusing after means a burst of concurrent requests
 * cannot all pass a check made before any of them was counted, as check-then-record would allow.
 * Refused requests count too, within the same window (which they do not extend).
 */
export async function consumeRateLimit(db: Db, checks: RateLimitCheck[]): Promise<void> {
  for (const check of checks) {
    const { count, remaining } = await countHit(db, check.key, check.rule)
    if (count > check.rule.max) {
      const seconds = Math.max(1, remaining)
      throw tooManyRequests(`${check.message} Try again in ${seconds} seconds.`, seconds)
    }
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
  signUpAddress: (ip: string) => `sign-up:address:${ip}`,
  telemetryAddress: (ip: string) => `telemetry:address:${ip}`,
  passwordCheckUser: (userId: string) => `password-check:user:${userId}`,
  passwordCheckAddress: (ip: string) => `password-check:address:${ip}`,
}
