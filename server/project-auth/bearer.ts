import { verifySessionToken } from '../auth/jwt'
import { getStore } from '../db/store'
import { currentSigningKey, verifyProjectKey } from '../projects/api-keys'
import type { ApiRole } from '../projects/api-roles'
import type { RequestClaims } from '../projects/request-role'

/**
 * Who calls a project's REST API: the role and claims of its `apikey` and bearer token. Every
 * token sent must verify. The bearer token may be a project key or a project user's access
 * token (role `authenticated`, its claims visible to SQL, so `auth.uid()` works) signed with the
 * project's current secret: an expired one, another project's, or one signed before a key
 * rotation is refused (on other instances within the key cache's second, api-keys.ts
 * `currentSigningKey`). A user's token needs a project key as `apikey` beside it. Null: refused.
 */
export async function verifyProjectCaller(
  ref: string,
  apikey: string | undefined,
  bearer: string | undefined
): Promise<{ role: ApiRole; claims: RequestClaims } | null> {
  if (!apikey && !bearer) return null
  const key = apikey ? await verifyProjectKey(await getStore(), ref, apikey) : null
  if (apikey && !key) return null
  if (!bearer || bearer === apikey) return key
  const caller = await verifyProjectBearer(ref, bearer)
  return caller && (caller.role !== 'authenticated' || key) ? caller : null
}

/**
 * A bearer token on its own: a project key, or a project user's access token signed with the
 * project's current secret (Edge Functions' gateway asks no `apikey` beside it). Null: refused.
 */
export async function verifyProjectBearer(ref: string, bearer: string): Promise<{ role: ApiRole; claims: RequestClaims } | null> {
  const db = await getStore()
  const bearerKey = await verifyProjectKey(db, ref, bearer)
  if (bearerKey) return bearerKey
  const signing = await currentSigningKey(db, ref)
  const claims = signing ? await verifySessionToken(signing.key, bearer) : null
  return claims ? { role: 'authenticated', claims: claims as unknown as RequestClaims } : null
}
