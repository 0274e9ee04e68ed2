import type { IncomingMessage } from 'node:http'
import { verifyProjectCaller } from '../project-auth/bearer'
import { StorageApiError } from './errors'
import type { StorageCaller } from './sql'

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim()

/** The caller of a storage request from its `apikey` and `Authorization: Bearer` headers; 401 when neither proves one. */
export async function authenticateStorageCaller(ref: string, req: IncomingMessage): Promise<StorageCaller> {
  const apikey = header(req.headers.apikey)
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(req.headers.authorization) ?? '')?.[1]
  if (!apikey && !bearer) throw new StorageApiError(401, 'InvalidJWT', 'No API key found in request')
  const caller = await verifyProjectCaller(ref, apikey || undefined, bearer)
  if (!caller) throw new StorageApiError(401, 'InvalidJWT', 'Invalid API key or token')
  return caller
}
