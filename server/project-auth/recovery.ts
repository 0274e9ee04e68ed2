import crypto from 'node:crypto'
import type { ProjectUserRecovery } from '@/lib/api-types/project-auth'
import type { SessionResponse } from '../auth/password-auth'
import { inTransaction, type AuthRealm } from '../auth/realm'
import { startSession } from '../auth/sessions'
import { loadUserJson } from '../auth/user-json'
import { findUserById, isBanned, type UserRow } from '../auth/users'
import { ApiError } from '../http/errors'
import { PROJECT_AUTH_TABLES } from '../projects/auth-tables'

/**
 * One-time recovery links of project users (the embedded platform sends no mail, so an admin or
 * the dashboard makes the link and passes it on): `{issuer}/verify?token&type=recovery&redirect_to`,
 * valid for an hour and once. Opening it signs the user in and redirects with the session in the
 * fragment, as GoTrue does. Only a hash of the token is stored.
 */

export const RECOVERY_LINK_TTL_SECONDS = 3600

const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex')

/**
 * Where a link may send the user: `redirectTo` when it is on the site's origin (GoTrue's allow
 * list, reduced to the site), else the site URL, so a link cannot be made to leak a session.
 */
export function allowedRedirect(siteUrl: string, redirectTo: string | undefined): string {
  if (!redirectTo) return siteUrl
  try {
    return new URL(redirectTo).origin === new URL(siteUrl).origin ? redirectTo : siteUrl
  } catch {
    return siteUrl
  }
}

/** Makes a recovery link for a user. */
export async function createRecoveryLink(
  realm: AuthRealm,
  user: UserRow,
  redirectTo: string
): Promise<ProjectUserRecovery & { hashed_token: string; redirect_to: string }> {
  const token = crypto.randomBytes(32).toString('base64url')
  const hashed = hashToken(token)
  const { rows } = await realm.db.query<{ expires_at: string | Date }>(
    `insert into ${PROJECT_AUTH_TABLES.recoveryTokens} (token_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3)) returning expires_at`,
    [hashed, user.id, RECOVERY_LINK_TTL_SECONDS]
  )
  await realm.audit(realm.db, { action: 'user_recovery_requested', userId: user.id, email: user.email, metadata: { by: 'admin' } })
  const link = new URL(`${realm.signing.issuer}/verify`)
  link.search = new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo }).toString()
  return { action_link: link.toString(), expires_at: new Date(rows[0].expires_at).toISOString(), hashed_token: hashed, redirect_to: redirectTo }
}

/** Spends a recovery token: a new session of its user (their address confirmed by the link). */
export async function redeemRecoveryToken(realm: AuthRealm, token: string): Promise<SessionResponse> {
  const expired = () => new ApiError(403, 'Email link is invalid or has expired', 'otp_expired')
  const result = await realm.db.transaction(async (db) => {
    const { rows } = await db.query<{ user_id: string }>(
      `update ${PROJECT_AUTH_TABLES.recoveryTokens} set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
      [hashToken(token)]
    )
    if (!rows[0]) throw expired()
    const tx = inTransaction(realm, db)
    const user = await findUserById(tx, rows[0].user_id)
    if (!user) throw expired()
    if (isBanned(user)) throw new ApiError(400, 'User is banned', 'user_banned')
    await db.query(
      `update ${realm.tables.users} set email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now() where id = $1`,
      [user.id]
    )
    const tokens = await startSession(tx, user, { method: 'otp' })
    await realm.audit(db, { action: 'login', userId: user.id, email: user.email, metadata: { method: 'recovery' } })
    return { userId: user.id, tokens }
  })
  realm.onActive(result.userId)
  const { session_id: _sessionId, ...pair } = result.tokens
  return { ...pair, user: await loadUserJson(realm, (await findUserById(realm, result.userId))!) }
}
