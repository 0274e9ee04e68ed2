import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '@/lib/password-strength'
import { audit } from '../access'
import type { Db } from '../db/types'
import { ApiError } from '../http/errors'
import type { AuthContext } from './auth-session'
import { needsAal2 } from './mfa'
import {
  RECOVER_ADDRESS_LIMIT,
  SIGN_IN_ACCOUNT_LIMIT,
  SIGN_IN_ADDRESS_LIMIT,
  SIGN_UP_ADDRESS_LIMIT,
  assertNotRateLimited,
  clearRateLimit,
  consumeRateLimit,
  rateLimitKeys,
  recordRateLimitHit,
} from './rate-limit'
import { revokeUserSessions, startSession, type TokenPair } from './sessions'
import { loadUserJson } from './user-json'
import { burnPasswordCheck, findUserByEmail, findUserById, hashPassword, verifyPassword, type UserRow } from './users'

/** GoTrue's default minimum password length. */
export const MIN_PASSWORD_LENGTH = 6

export type ClientInfo = { ip: string; userAgent?: string }

/** A session answer as GoTrue sends it: the tokens and the user. */
export type SessionResponse = TokenPair & { user: Awaited<ReturnType<typeof loadUserJson>> }

const emailSchema = z.email()

/** 400 `validation_failed` unless the address looks like an e-mail address. */
export function assertEmail(email: string): string {
  const trimmed = email.trim()
  if (!emailSchema.safeParse(trimmed).success) {
    throw new ApiError(400, 'Unable to validate email address: invalid format', 'validation_failed')
  }
  return trimmed
}

/** GoTrue's password rules: 422 `weak_password` below the minimum; the spec's maximum of 99 (§9). */
export function assertAcceptablePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ApiError(422, `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, 'weak_password')
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new ApiError(422, `Password should be less than ${MAX_PASSWORD_LENGTH + 1} characters.`, 'validation_failed')
  }
}

const invalidCredentials = () => new ApiError(400, 'Invalid login credentials', 'invalid_credentials')

/**
 * `POST /signup`. The embedded platform sends no mail, so there is no e-mail confirmation step:
 * the address counts as confirmed at once and the answer carries a signed-in session. Well-formed
 * sign-ups count against the client address (SIGN_UP_ADDRESS_LIMIT); past it the answer is 429
 * with Retry-After.
 */
export async function signUp(
  db: Db,
  input: { email: string; password: string; data?: Record<string, unknown> },
  client: ClientInfo
): Promise<SessionResponse> {
  const email = assertEmail(input.email)
  assertAcceptablePassword(input.password)
  await consumeRateLimit(db, [
    { key: rateLimitKeys.signUpAddress(client.ip), rule: SIGN_UP_ADDRESS_LIMIT, message: 'Too many sign-ups from this address.' },
  ])
  const hash = await hashPassword(input.password) // outside the transaction: bcrypt is slow
  const result = await db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>(
      `insert into platform.users (id, email, encrypted_password, email_confirmed_at, last_sign_in_at, user_metadata)
       values (gen_random_uuid(), $1, $2, now(), now(), $3) on conflict do nothing returning *`,
      [email, hash, JSON.stringify(input.data ?? {})]
    )
    const user = rows[0]
    if (!user) return null
    const tokens = await startSession(tx, user, { method: 'password', ip: client.ip, userAgent: client.userAgent })
    await audit(tx, { userId: user.id, action: 'user.signed_up', metadata: { ip: client.ip } })
    return { user, tokens }
  })
  if (!result) throw new ApiError(422, 'User already registered', 'user_already_exists')
  const { session_id: _sessionId, ...tokens } = result.tokens
  return { ...tokens, user: await loadUserJson(db, result.user) }
}

/**
 * `POST /token?grant_type=password`. Failures count against the account and the client address
 * (stored, since the server keeps no state); past either limit the answer is 429 with
 * Retry-After, even for the right password. Success clears the account's count.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string },
  client: ClientInfo
): Promise<SessionResponse> {
  const email = input.email.trim()
  const accountKey = rateLimitKeys.signInAccount(email)
  const addressKey = rateLimitKeys.signInAddress(client.ip)
  await assertNotRateLimited(db, [
    { key: accountKey, rule: SIGN_IN_ACCOUNT_LIMIT, message: 'Too many failed sign-in attempts for this account.' },
    { key: addressKey, rule: SIGN_IN_ADDRESS_LIMIT, message: 'Too many failed sign-in attempts from this address.' },
  ])
  const user = email ? await findUserByEmail(db, email) : null
  const ok = user ? await verifyPassword(input.password, user.encrypted_password) : await burnPasswordCheck(input.password)
  if (!user || !ok) {
    await recordRateLimitHit(db, accountKey, SIGN_IN_ACCOUNT_LIMIT)
    await recordRateLimitHit(db, addressKey, SIGN_IN_ADDRESS_LIMIT)
    throw invalidCredentials()
  }
  const tokens = await db.transaction(async (tx) => {
    await clearRateLimit(tx, accountKey)
    await tx.query('update platform.users set last_sign_in_at = now() where id = $1', [user.id])
    const started = await startSession(tx, user, { method: 'password', ip: client.ip, userAgent: client.userAgent })
    await audit(tx, { userId: user.id, action: 'user.signed_in', metadata: { ip: client.ip } })
    return started
  })
  const { session_id: _sessionId, ...pair } = tokens
  const fresh = (await findUserById(db, user.id)) ?? user
  return { ...pair, user: await loadUserJson(db, fresh) }
}

/**
 * A password change from `PUT /user`: needs aal2 when the user has a verified factor, checks
 * `current_password` when sent, refuses the same password, and signs out the user's other
 * sessions (whoever knew the old password is out).
 */
export async function changePassword(db: Db, ctx: AuthContext, input: { password: string; currentPassword?: string }): Promise<void> {
  if (await needsAal2(db, ctx)) {
    throw new ApiError(401, 'AAL2 session is required to update email or password when MFA is enabled.', 'insufficient_aal')
  }
  assertAcceptablePassword(input.password)
  if (input.currentPassword !== undefined && !(await verifyPassword(input.currentPassword, ctx.user.encrypted_password))) {
    throw new ApiError(400, 'Current password is wrong', 'current_password_mismatch')
  }
  if (await verifyPassword(input.password, ctx.user.encrypted_password)) {
    throw new ApiError(422, 'New password should be different from the old password.', 'same_password')
  }
  const hash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx.query('update platform.users set encrypted_password = $2, updated_at = now() where id = $1', [ctx.user.id, hash])
    await revokeUserSessions(tx, ctx.user.id, 'others', ctx.session.id)
    await audit(tx, { userId: ctx.user.id, action: 'user.password_changed' })
  })
}

/**
 * `POST /recover` (forgot password). The embedded platform sends no mail: a request for a known
 * address is recorded, and every well-formed request gets the same empty answer, so the
 * endpoint reveals nothing about which addresses exist. Rate-limited per client address.
 */
export async function requestRecovery(db: Db, input: { email: string }, client: ClientInfo): Promise<void> {
  const email = assertEmail(input.email)
  const key = rateLimitKeys.recoverAddress(client.ip)
  await assertNotRateLimited(db, [{ key, rule: RECOVER_ADDRESS_LIMIT, message: 'Too many password recovery requests from this address.' }])
  await recordRateLimitHit(db, key, RECOVER_ADDRESS_LIMIT)
  const user = await findUserByEmail(db, email)
  if (!user) return
  await db.transaction(async (tx) => {
    await tx.query('insert into platform.auth_recovery_requests (user_id, ip) values ($1, $2)', [user.id, client.ip])
    await audit(tx, { userId: user.id, action: 'user.recovery_requested', metadata: { ip: client.ip } })
  })
}
