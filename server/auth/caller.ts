import { getServerConfig } from '@/lib/config'
import { getStore } from '../db/store'
import { unauthorized } from '../http/errors'
import type { ApiRequest } from '../http/types'
import { verifyAccessToken } from './jwt'
import { isKnownLive, rememberLive } from './live-sessions'

import { SELF_HOSTED_EMAIL, SELF_HOSTED_USER_ID } from './self-hosted-user'

export { SELF_HOSTED_EMAIL, SELF_HOSTED_USER_ID }

export type Caller = {
  userId: string
  email: string
  aal: 'aal1' | 'aal2'
  sessionId: string | null
  /** Self-hosted: every access check is allowed. */
  selfHosted: boolean
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Reads the bearer token of a request; undefined when none is sent. */
export function bearerToken(req: ApiRequest): string | undefined {
  const header = req.headers.authorization
  if (typeof header !== 'string') return undefined
  const m = /^Bearer\s+(.+)$/i.exec(header.trim())
  return m ? m[1].trim() : undefined
}

/**
 * Who is calling: the signed-in user (a valid access token of a session not signed out that
 * belongs to the token's `sub`), the self-hosted user, or null.
 */
export async function getCaller(req: ApiRequest): Promise<Caller | null> {
  if (!getServerConfig().isPlatform) {
    return { userId: SELF_HOSTED_USER_ID, email: SELF_HOSTED_EMAIL, aal: 'aal2', sessionId: null, selfHosted: true }
  }
  const token = bearerToken(req)
  if (!token) return null
  const claims = await verifyAccessToken(token)
  if (!claims || typeof claims.session_id !== 'string' || !UUID.test(claims.session_id)) return null
  // A signed-out session ends its access tokens at once, not when they expire. A session of
  // another user vouches for nobody else: refused like a dead one.
  if (!isKnownLive(claims.session_id, claims.sub)) {
    const db = await getStore()
    const { rows } = await db.query('select 1 from platform.sessions where id = $1 and user_id::text = $2 and revoked_at is null', [
      claims.session_id,
      claims.sub,
    ])
    if (rows.length === 0) return null
    rememberLive(claims.session_id, claims.sub)
  }
  return { userId: claims.sub, email: claims.email, aal: claims.aal, sessionId: claims.session_id ?? null, selfHosted: false }
}

/** The caller, or 401 when the request is not signed in. */
export async function requireCaller(req: ApiRequest): Promise<Caller> {
  const caller = await getCaller(req)
  if (!caller) throw unauthorized()
  return caller
}
