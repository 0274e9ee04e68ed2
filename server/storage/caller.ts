import type { ProjectRequest } from '../project-api/frame'
import { StorageApiError } from './errors'
import type { StorageCaller } from './sql'

/** Storage's 401 for a request without a credential, or with one that proves no caller. */
export const storageRefusal = (reason: 'missing' | 'invalid') =>
  new StorageApiError(401, 'InvalidJWT', reason === 'missing' ? 'No API key found in request' : 'Invalid API key or token')

/** The caller of a storage request, from its `apikey` and `Authorization: Bearer` headers (frame.ts); 401 when neither proves one. */
export async function storageCaller(frame: ProjectRequest): Promise<StorageCaller> {
  if (!frame.credentials.apikey && !frame.credentials.bearer) throw storageRefusal('missing')
  const caller = await frame.caller()
  if (!caller) throw storageRefusal('invalid')
  return caller
}
