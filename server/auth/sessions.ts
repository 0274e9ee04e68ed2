import crypto from 'node:crypto'
import type { Db } from '../db/types'
import { signSessionToken, type AmrEntry } from './jwt'
import { findUserById, isBanned, type UserRow } from './users'
import { forgetSessions } from './live-sessions'
import { inTransaction, realmOf, type AuthRealm } from './realm'

type Target = Db | AuthRealm
/** The user fields a token carries. */
type TokenUser = Pick<UserRow, 'id' | 'email'> & Partial<Pick<UserRow, 'user_metadata' | 'app_metadata'>>

export type TokenPair = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
}

export type Aal = 'aal1' | 'aal2'

export type SessionRow = {
  id: string
  user_id: string
  aal: Aal
  amr: AmrEntry[]
  created_at: string
  refreshed_at: string | null
  revoked_at: string | null
}

/**
 * A refresh token rotated out less than this long ago may be presented again (the response that
 * carried its successor can be lost, or two tabs refresh at once): the caller then gets another
 * fresh token of the same session. Presented later, the reuse is taken for theft and the whole
 * session is revoked. GoTrue's default reuse interval is the same 10 s.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10

/** Only a hash of each refresh token is stored: a copy of the store signs nobody in. */
export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex')
}

function newRefreshToken(): string {
  return crypto.randomBytes(24).toString('base64url')
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** Issues an access token and a refresh token for a session; `parent` is the hash of the token it replaces. */
export async function issueTokens(
  target: Target,
  user: TokenUser,
  session: { id: string; aal: Aal; amr?: AmrEntry[] },
  parent: string | null = null
): Promise<TokenPair> {
  const realm = realmOf(target)
  const refresh = newRefreshToken()
  await realm.db.query(`insert into ${realm.tables.refreshTokens} (token, session_id, user_id, parent) values ($1, $2, $3, $4)`, [
    hashRefreshToken(refresh),
    session.id,
    user.id,
    parent,
  ])
  const { token, expiresAt } = await signSessionToken(realm.signing, {
    sub: user.id,
    email: user.email,
    aal: session.aal,
    amr: session.amr ?? [],
    session_id: session.id,
    // Project users' tokens carry their metadata, as GoTrue's do (RLS policies read auth.jwt()).
    ...(realm.kind === 'project' ? { app_metadata: user.app_metadata ?? {}, user_metadata: user.user_metadata ?? {} } : {}),
  })
  return { access_token: token, token_type: 'bearer', expires_in: realm.signing.ttlSeconds, expires_at: expiresAt, refresh_token: refresh }
}

/** Starts a new session for a user and issues its first tokens (one transaction). */
export async function startSession(
  target: Target,
  user: TokenUser,
  options: { method?: string; ip?: string; userAgent?: string } = {}
): Promise<TokenPair & { session_id: string }> {
  const realm = realmOf(target)
  return realm.db.transaction(async (db) => {
    const tx = inTransaction(realm, db)
    const sessionId = crypto.randomUUID()
    const amr: AmrEntry[] = [{ method: options.method ?? 'password', timestamp: nowSeconds() }]
    await db.query(`insert into ${realm.tables.sessions} (id, user_id, amr, ip, user_agent) values ($1, $2, $3, $4, $5)`, [
      sessionId,
      user.id,
      JSON.stringify(amr),
      options.ip ?? null,
      options.userAgent?.slice(0, 512) ?? null,
    ])
    // Sessions signed out long ago only keep their token chains alive; drop them.
    await db.query(`delete from ${realm.tables.sessions} where user_id = $1 and revoked_at < now() - interval '30 days'`, [user.id])
    const tokens = await issueTokens(tx, user, { id: sessionId, aal: 'aal1', amr })
    return { ...tokens, session_id: sessionId }
  })
}

/** The session when it exists and is not signed out, else null. */
export async function findLiveSession(target: Target, sessionId: string): Promise<SessionRow | null> {
  const realm = realmOf(target)
  const { rows } = await realm.db.query<SessionRow>(`select * from ${realm.tables.sessions} where id = $1 and revoked_at is null`, [sessionId])
  return rows[0] ?? null
}

export type RefreshOutcome =
  | { kind: 'ok'; tokens: TokenPair; user: UserRow }
  | { kind: 'not_found' }
  | { kind: 'reused' }
  | { kind: 'banned' }

/**
 * Rotates a refresh token: the presented one is revoked and a new one issued in the same
 * session. Reuse of a revoked token is tolerated within the reuse interval and otherwise revokes
 * the session. The outcome is returned, not thrown, so that a revocation commits.
 */
export async function rotateRefreshToken(target: Target, presented: string): Promise<RefreshOutcome> {
  const realm = realmOf(target)
  const { refreshTokens, sessions } = realm.tables
  const hash = hashRefreshToken(presented)
  return realm.db.transaction(async (db): Promise<RefreshOutcome> => {
    const tx = inTransaction(realm, db)
    // Atomic: of two concurrent refreshes with one token, exactly one revokes it here.
    const claimed = await db.query<{ session_id: string; user_id: string }>(
      `update ${refreshTokens} t set revoked = true, revoked_at = now()
         from ${sessions} s
        where t.token = $1 and not t.revoked and s.id = t.session_id and s.revoked_at is null
        returning t.session_id, t.user_id`,
      [hash]
    )
    let sessionId = claimed.rows[0]?.session_id
    if (!sessionId) {
      const { rows } = await db.query<{ session_id: string; session_live: boolean; within_reuse: boolean }>(
        `select t.session_id, s.revoked_at is null as session_live,
                coalesce(t.revoked_at > now() - make_interval(secs => $2), false) as within_reuse
           from ${refreshTokens} t join ${sessions} s on s.id = t.session_id
          where t.token = $1`,
        [hash, REFRESH_TOKEN_REUSE_INTERVAL_SECONDS]
      )
      const known = rows[0]
      if (!known || !known.session_live) return { kind: 'not_found' }
      if (!known.within_reuse) {
        await revokeSession(tx, known.session_id)
        return { kind: 'reused' }
      }
      sessionId = known.session_id
    }
    const session = (
      await db.query<SessionRow>(`update ${sessions} set refreshed_at = now() where id = $1 returning *`, [sessionId])
    ).rows[0]
    const user = await findUserById(tx, session.user_id)
    if (!user) return { kind: 'not_found' }
    if (isBanned(user)) return { kind: 'banned' }
    const tokens = await issueTokens(tx, user, session, hash)
    return { kind: 'ok', tokens, user }
  })
}

/** Signs one session out and revokes its refresh tokens. */
export async function revokeSession(target: Target, sessionId: string): Promise<void> {
  const { db, tables } = realmOf(target)
  await db.query(`update ${tables.sessions} set revoked_at = now() where id = $1 and revoked_at is null`, [sessionId])
  forgetSessions([sessionId])
  await db.query(`update ${tables.refreshTokens} set revoked = true, revoked_at = coalesce(revoked_at, now()) where session_id = $1 and not revoked`, [
    sessionId,
  ])
}

export type SignOutScope = 'global' | 'local' | 'others'

/** Signs out every session of a user (global), only the current one (local), or all but it (others). */
export async function revokeUserSessions(target: Target, userId: string, scope: SignOutScope, currentSessionId: string | null): Promise<void> {
  const realm = realmOf(target)
  const { db, tables } = realm
  if (scope === 'local' && currentSessionId) {
    await revokeSession(realm, currentSessionId)
    return
  }
  const keep = scope === 'others' ? currentSessionId : null
  const { rows } = await db.query<{ id: string }>(
    `update ${tables.sessions} set revoked_at = now()
      where user_id = $1 and revoked_at is null and ($2::uuid is null or id <> $2::uuid) returning id`,
    [userId, keep]
  )
  if (rows.length === 0) return
  forgetSessions(rows.map((r) => r.id))
  await db.query(`update ${tables.refreshTokens} set revoked = true, revoked_at = coalesce(revoked_at, now()) where session_id = any($1::uuid[]) and not revoked`, [
    rows.map((r) => r.id),
  ])
}

/**
 * Raises a session to aal2 after a second factor was verified: records the method, revokes the
 * session's refresh tokens and issues new tokens carrying the new level (GoTrue's behaviour).
 */
export async function elevateSession(
  db: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  sessionId: string,
  method: string
): Promise<TokenPair> {
  const entry = JSON.stringify([{ method, timestamp: nowSeconds() }])
  const { rows } = await db.query<SessionRow>(
    `update platform.sessions set aal = 'aal2', amr = $2::jsonb || amr, refreshed_at = now()
      where id = $1 and revoked_at is null returning *`,
    [sessionId, entry]
  )
  const session = rows[0]
  if (!session) throw new Error(`session ${sessionId} is not live`)
  await db.query('update platform.refresh_tokens set revoked = true, revoked_at = now() where session_id = $1 and not revoked', [sessionId])
  return issueTokens(db, user, session)
}
