import type { Db } from '../db/types'
import { ApiError } from '../http/errors'
import type { ApiRequest } from '../http/types'
import { bearerToken } from './caller'
import { verifySessionToken, type AccessClaims } from './jwt'
import { realmOf, type AuthRealm } from './realm'
import { findLiveSession, type SessionRow } from './sessions'
import { findUserById, type UserRow } from './users'

export type AuthContext = { realm: AuthRealm; claims: AccessClaims; session: SessionRow; user: UserRow }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The signed-in user of an auth-service request, with GoTrue's statuses and codes:
 * no token 401 `no_authorization`, a bad or expired one 403 `bad_jwt`, a signed-out session or
 * one of another user than `sub` 403 `session_not_found` (auth-js then drops its stored session).
 */
export async function requireAuthSession(target: Db | AuthRealm, req: ApiRequest): Promise<AuthContext> {
  const realm = realmOf(target)
  const token = bearerToken(req)
  if (!token) throw new ApiError(401, 'This endpoint requires a Bearer token', 'no_authorization')
  const claims = await verifySessionToken(realm.signing.key, token)
  if (!claims) throw new ApiError(403, 'Invalid JWT: unable to verify it, or it has expired', 'bad_jwt')
  if (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id)) {
    throw new ApiError(403, 'Invalid JWT: it names no session', 'bad_jwt')
  }
  const session = await findLiveSession(realm, claims.session_id)
  if (!session) throw new ApiError(403, 'Session from session_id claim in JWT does not exist', 'session_not_found')
  // Someone else's session vouches for nobody: refused as a dead session is.
  if (session.user_id !== claims.sub) {
    throw new ApiError(403, 'Session from session_id claim in JWT belongs to another user', 'session_not_found')
  }
  const user = await findUserById(realm, claims.sub)
  if (!user) throw new ApiError(403, 'User from sub claim in JWT does not exist', 'user_not_found')
  return { realm, claims, session, user }
}
