import type { IncomingHttpHeaders } from 'node:http'
import { SignJWT, jwtVerify } from 'jose'
import type { InspectorToken, InspectorRole } from '@/lib/api-types/realtime-inspector'
import { ApiError } from '../http/errors'
import type { Db } from '../db/types'
import { getProjectUser } from '../project-auth/admin'
import { projectRealm } from '../project-auth/realm'
import { projectApiEndpoint } from '../projects/api-endpoint'
import { API_KEY_ISSUER, currentSigningKey, REALTIME_INSPECTOR_AUDIENCE } from '../projects/api-keys'
import type { RealtimeCaller } from './member'

/**
 * Dashboard → Realtime joins channels with a token minted here rather than with the project's
 * keys, so neither the JWT secret nor the service_role key reaches the browser: a JWT of the
 * project's secret for a chosen role (a chosen project user's, for `authenticated`), valid for
 * INSPECTOR_TOKEN_TTL_SECONDS, whose audience `realtime-inspector` every other service refuses
 * (api-keys.ts `verifyProjectKey`; a user token must have audience `authenticated`). The realtime
 * endpoint accepts it as a socket's `apikey` (server.ts `admit`).
 */

export const INSPECTOR_TOKEN_TTL_SECONDS = 300

export async function mintInspectorToken(
  db: Db,
  ref: string,
  headers: IncomingHttpHeaders,
  body: { role: InspectorRole; user_id?: string }
): Promise<InspectorToken> {
  const signing = await currentSigningKey(db, ref)
  if (!signing) throw new ApiError(409, 'The project has no JWT secret yet: try again once it is ready', 'project_not_ready')
  let user: InspectorToken['user'] = null
  const claims: Record<string, unknown> = { role: body.role, ref }
  if (body.role === 'authenticated' && body.user_id) {
    const row = await getProjectUser(await projectRealm(ref, headers), body.user_id)
    user = { id: row.id, email: row.email || null }
    Object.assign(claims, { sub: row.id, email: row.email ?? '', app_metadata: row.app_metadata ?? {}, user_metadata: row.user_metadata ?? {}, aal: 'aal1' })
  }
  const expiresAt = Math.floor(Date.now() / 1000) + INSPECTOR_TOKEN_TTL_SECONDS
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setAudience(REALTIME_INSPECTOR_AUDIENCE).setIssuer(API_KEY_ISSUER).setIssuedAt().setExpirationTime(expiresAt)
  if (user) jwt.setSubject(user.id)
  return {
    token: await jwt.sign(signing.key),
    expires_at: expiresAt,
    expires_in: INSPECTOR_TOKEN_TTL_SECONDS,
    role: body.role,
    user,
    endpoint: projectApiEndpoint(ref, headers),
  }
}

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role']

/** The caller an inspector token of `ref` names, or null (another project's, expired, signed before a rotation, not one). */
export async function verifyInspectorToken(db: Db, ref: string, token: string): Promise<RealtimeCaller | null> {
  const signing = await currentSigningKey(db, ref)
  if (!signing) return null
  try {
    const { payload } = await jwtVerify(token, signing.key, { algorithms: ['HS256'], audience: REALTIME_INSPECTOR_AUDIENCE })
    if (payload.ref !== ref || typeof payload.role !== 'string' || !ROLES.includes(payload.role)) return null
    if (payload.role === 'authenticated' && typeof payload.sub !== 'string') return null
    return { role: payload.role as RealtimeCaller['role'], claims: payload as Record<string, unknown> }
  } catch {
    return null
  }
}
