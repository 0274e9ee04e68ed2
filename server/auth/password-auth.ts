import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '@/lib/password-strength'
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
import { inTransaction, limitKey, realmOf, type AuthRealm } from './realm'
import { revokeUserSessions, rotateRefreshToken, startSession, type TokenPair } from './sessions'
import { loadUserJson } from './user-json'
import { burnPasswordCheck, findUserByEmail, findUserById, hashPassword, isBanned, tryInsertUser, verifyPassword } from './users'

/** GoTrue's default minimum password length. */
export const MIN_PASSWORD_LENGTH = 6

export type ClientInfo = { ip: string; userAgent?: string }

/** A session answer as GoTrue sends it: the tokens and the user. */
export type SessionResponse = TokenPair & { user: UserJson }
export type UserJson = Awaited<ReturnType<typeof loadUserJson>>

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
const banned = () => new ApiError(400, 'User is banned', 'user_banned')

/**
 * `POST /signup`. The embedded platform sends no mail: unless the realm asks for confirmation
 * (a project with MAILER_AUTOCONFIRM off), the address counts as confirmed at once and the answer
 * carries a signed-in session; otherwise the answer is the user alone, waiting for confirmation.
 * Well-formed sign-ups count against the client address (SIGN_UP_ADDRESS_LIMIT); past it the
 * answer is 429 with Retry-After.
 */
export async function signUp(
  target: Db | AuthRealm,
  input: { email: string; password: string; data?: Record<string, unknown> },
  client: ClientInfo
): Promise<SessionResponse | UserJson> {
  const realm = realmOf(target)
  if (realm.disableSignup) throw new ApiError(422, 'Signups not allowed for this instance', 'signup_disabled')
  const email = assertEmail(input.email)
  assertAcceptablePassword(input.password)
  await consumeRateLimit(realm.limits.db, [
    { key: limitKey(realm, rateLimitKeys.signUpAddress(client.ip)), rule: SIGN_UP_ADDRESS_LIMIT, message: 'Too many sign-ups from this address.' },
  ])
  const hash = await hashPassword(input.password) // outside the transaction: bcrypt is slow
  const confirmed = realm.autoconfirm
  const result = await realm.db.transaction(async (db) => {
    const tx = inTransaction(realm, db)
    const user = await tryInsertUser(tx, { email, hash, metadata: input.data, confirmed, signedIn: confirmed })
    if (!user) return null
    const tokens = confirmed ? await startSession(tx, user, { method: 'password', ip: client.ip, userAgent: client.userAgent }) : null
    await realm.audit(db, { action: 'user_signedup', userId: user.id, email: user.email, metadata: { ip: client.ip } })
    return { user, tokens }
  })
  if (!result) throw new ApiError(422, 'User already registered', 'user_already_exists')
  realm.onActive(result.user.id)
  const user = await loadUserJson(realm, result.user)
  if (!result.tokens) return user
  const { session_id: _sessionId, ...tokens } = result.tokens
  return { ...tokens, user }
}

/**
 * `POST /token?grant_type=password`. Failures count against the account and the client address
 * (stored, since the server keeps no state); past either limit the answer is 429 with
 * Retry-After, even for the right password. Success clears the account's count. An address not
 * yet confirmed answers 400 `email_not_confirmed`, a banned user 400 `user_banned`.
 */
export async function signInWithPassword(
  target: Db | AuthRealm,
  input: { email: string; password: string },
  client: ClientInfo
): Promise<SessionResponse> {
  const realm = realmOf(target)
  const email = input.email.trim()
  const accountKey = limitKey(realm, rateLimitKeys.signInAccount(email))
  const addressKey = limitKey(realm, rateLimitKeys.signInAddress(client.ip))
  await assertNotRateLimited(realm.limits.db, [
    { key: accountKey, rule: SIGN_IN_ACCOUNT_LIMIT, message: 'Too many failed sign-in attempts for this account.' },
    { key: addressKey, rule: SIGN_IN_ADDRESS_LIMIT, message: 'Too many failed sign-in attempts from this address.' },
  ])
  const user = email ? await findUserByEmail(realm, email) : null
  const ok = user ? await verifyPassword(input.password, user.encrypted_password) : await burnPasswordCheck(input.password)
  if (!user || !ok) {
    await recordRateLimitHit(realm.limits.db, accountKey, SIGN_IN_ACCOUNT_LIMIT)
    await recordRateLimitHit(realm.limits.db, addressKey, SIGN_IN_ADDRESS_LIMIT)
    await realm.audit(realm.db, { action: 'login_failed', userId: user?.id ?? null, email, metadata: { ip: client.ip, reason: 'invalid_credentials' } })
    throw invalidCredentials()
  }
  if (!user.email_confirmed_at) throw new ApiError(400, 'Email not confirmed', 'email_not_confirmed')
  if (isBanned(user)) {
    await realm.audit(realm.db, { action: 'login_failed', userId: user.id, email, metadata: { ip: client.ip, reason: 'user_banned' } })
    throw banned()
  }
  await clearRateLimit(realm.limits.db, accountKey)
  const tokens = await realm.db.transaction(async (db) => {
    await db.query(`update ${realm.tables.users} set last_sign_in_at = now() where id = $1`, [user.id])
    const started = await startSession(inTransaction(realm, db), user, { method: 'password', ip: client.ip, userAgent: client.userAgent })
    await realm.audit(db, { action: 'login', userId: user.id, email: user.email, metadata: { ip: client.ip } })
    return started
  })
  realm.onActive(user.id)
  const { session_id: _sessionId, ...pair } = tokens
  const fresh = (await findUserById(realm, user.id)) ?? user
  return { ...pair, user: await loadUserJson(realm, fresh) }
}

/**
 * A password change from `PUT /user`: needs aal2 when the user has a verified factor, checks
 * `current_password` when sent, refuses the same password, and signs out the user's other
 * sessions (whoever knew the old password is out).
 */
export async function changePassword(ctx: AuthContext, input: { password: string; currentPassword?: string }): Promise<void> {
  const { realm } = ctx
  if (await needsAal2(realm.db, ctx)) {
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
  await realm.db.transaction(async (db) => {
    await db.query(`update ${realm.tables.users} set encrypted_password = $2, updated_at = now() where id = $1`, [ctx.user.id, hash])
    await revokeUserSessions(inTransaction(realm, db), ctx.user.id, 'others', ctx.session.id)
    await realm.audit(db, { action: 'user_updated_password', userId: ctx.user.id, email: ctx.user.email })
  })
}

/**
 * `POST /recover` (forgot password). The embedded platform sends no mail: a request for a known
 * address is recorded, and every well-formed request gets the same empty answer, so the
 * endpoint reveals nothing about which addresses exist. Rate-limited per client address.
 */
export async function requestRecovery(target: Db | AuthRealm, input: { email: string }, client: ClientInfo): Promise<void> {
  const realm = realmOf(target)
  const email = assertEmail(input.email)
  const key = limitKey(realm, rateLimitKeys.recoverAddress(client.ip))
  await assertNotRateLimited(realm.limits.db, [{ key, rule: RECOVER_ADDRESS_LIMIT, message: 'Too many password recovery requests from this address.' }])
  await recordRateLimitHit(realm.limits.db, key, RECOVER_ADDRESS_LIMIT)
  const user = await findUserByEmail(realm, email)
  if (!user) return
  await realm.db.transaction(async (db) => {
    await db.query(`insert into ${realm.tables.recoveryRequests} (user_id, ip) values ($1, $2)`, [user.id, client.ip])
    await realm.audit(db, { action: 'user_recovery_requested', userId: user.id, email: user.email, metadata: { ip: client.ip } })
  })
}

/** `POST /token?grant_type=refresh_token`: the next tokens of the session, with GoTrue's refusals. */
export async function refreshSession(target: Db | AuthRealm, refreshToken: string): Promise<SessionResponse> {
  const realm = realmOf(target)
  const outcome = await rotateRefreshToken(realm, refreshToken)
  if (outcome.kind === 'not_found') throw new ApiError(400, 'Invalid Refresh Token: Refresh Token Not Found', 'refresh_token_not_found')
  if (outcome.kind === 'reused') throw new ApiError(400, 'Invalid Refresh Token: Already Used', 'refresh_token_already_used')
  if (outcome.kind === 'banned') throw banned()
  await realm.audit(realm.db, { action: 'token_refreshed', userId: outcome.user.id, email: outcome.user.email })
  realm.onActive(outcome.user.id)
  return { ...outcome.tokens, user: await loadUserJson(realm, outcome.user) }
}
