import crypto from 'node:crypto'
import type { Db } from '../db/types'
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from './jwt'
import type { UserRow } from './users'

export type TokenPair = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
}

function newRefreshToken(): string {
  return crypto.randomBytes(24).toString('base64url')
}

/** Issues an access token and a refresh token for a session. */
export async function issueTokens(
  db: Db,
  user: Pick<UserRow, 'id' | 'email'>,
  session: { id: string; aal: 'aal1' | 'aal2' },
  parent: string | null = null
): Promise<TokenPair> {
  const refresh = newRefreshToken()
  await db.query('insert into platform.refresh_tokens (token, session_id, user_id, parent) values ($1, $2, $3, $4)', [
    refresh,
    session.id,
    user.id,
    parent,
  ])
  const { token, expiresAt } = await signAccessToken({ sub: user.id, email: user.email, aal: session.aal, session_id: session.id })
  return { access_token: token, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, expires_at: expiresAt, refresh_token: refresh }
}

/** Starts a new session for a user and issues its first tokens (one transaction). */
export async function startSession(db: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<TokenPair & { session_id: string }> {
  return db.transaction(async (tx) => {
    const sessionId = crypto.randomUUID()
    await tx.query('insert into platform.sessions (id, user_id) values ($1, $2)', [sessionId, user.id])
    const tokens = await issueTokens(tx, user, { id: sessionId, aal: 'aal1' })
    return { ...tokens, session_id: sessionId }
  })
}
