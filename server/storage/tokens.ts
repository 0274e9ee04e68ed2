import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { getStore } from '../db/store'
import { currentSigningKey } from '../projects/api-keys'
import { StorageApiError } from './errors'

/**
 * Signed URLs: a JWT (HS256) signed with the project's own secret (api-keys.ts), naming the object
 * (`url`: `bucket/name`), what it allows (`purpose`: download, or upload with its owner and upsert)
 * and its expiry. Nothing is stored: the signature is the proof, so a token whose object, purpose or
 * expiry was changed does not verify, and rotating the project's keys revokes every signed URL.
 * An API key never passes for one (it has no `purpose`), nor one for an API key (it has no `role`).
 */

export type SignedPurpose = 'download' | 'upload' | 'render'
export type UploadGrant = { owner: string | null; upsert: boolean }
/** What a render URL's token binds: the transformation (transform/signed.ts), so it cannot be changed. */
export type RenderGrant = { transform: Record<string, unknown> }

async function signingKey(ref: string) {
  const signing = await currentSigningKey(await getStore(), ref)
  if (!signing) throw new StorageApiError(404, 'TenantNotFound', 'No such project')
  return signing.key
}

/** A token for `bucket/name`, valid `expiresIn` seconds. */
export async function signObjectToken(ref: string, url: string, purpose: SignedPurpose, expiresIn: number, grant?: UploadGrant | RenderGrant): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ url, purpose, ...(grant && 'transform' in grant ? { transform: grant.transform } : grant ? { owner: grant.owner, upsert: grant.upsert } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(await signingKey(ref))
}

/**
 * Checks a token for `bucket/name`: 400 InvalidJWT when it is malformed, tampered with, expired, or
 * for another object or purpose; answers its upload grant.
 */
export async function verifyObjectToken(ref: string, token: string, url: string, purpose: SignedPurpose): Promise<UploadGrant & { transform?: unknown }> {
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(token, await signingKey(ref), { algorithms: ['HS256'] })).payload
  } catch (error) {
    if (error instanceof StorageApiError) throw error
    if (error instanceof joseErrors.JWTExpired) throw new StorageApiError(400, 'InvalidJWT', 'The signed URL has expired')
    throw new StorageApiError(400, 'InvalidJWT', 'The signed URL is invalid: its token does not verify')
  }
  if (payload.purpose !== purpose || payload.url !== url) {
    throw new StorageApiError(400, 'InvalidSignature', 'The signed URL is invalid: its token is for another object')
  }
  return { owner: typeof payload.owner === 'string' ? payload.owner : null, upsert: payload.upsert === true, transform: payload.transform }
}
