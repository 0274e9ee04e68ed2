import { transformOptions, type TransformOptions } from '@/lib/api-types/storage-transform'
import { StorageApiError } from '../errors'
import { signObjectToken, verifyObjectToken } from '../tokens'

/**
 * Signed URLs of a transformation (`createSignedUrl(path, expiresIn, { transform })`): the token
 * (tokens.ts, purpose `render`) binds the object and the transformation, so neither can be changed.
 * The options are read from the token; options in the URL's query that differ from its are a
 * tampered URL and refused, never silently ignored.
 */

const OPTION_KEYS = ['width', 'height', 'resize', 'quality', 'format'] as const

/**
 * The signed URL (below /storage/v1) that serves `bucket/name` transformed as `transform`. The
 * storage API answers the object's path as it is (storage-js encodes the whole URL itself); the
 * dashboard, which hands the URL out whole, passes `writePath` to escape each part.
 */
export async function signRenderUrl(
  ref: string,
  bucket: string,
  name: string,
  expiresIn: number,
  transform: TransformOptions,
  writePath: (bucket: string, name: string) => string = (b, n) => `${b}/${n}`
): Promise<string> {
  const token = await signObjectToken(ref, `${bucket}/${name}`, 'render', expiresIn, { transform })
  return `/render/image/sign/${writePath(bucket, name)}?token=${token}`
}

/** The transformation a render URL's token grants; 400 when the token does not verify or the query asks another one. */
export async function verifyRenderToken(ref: string, token: string, url: string, query: Partial<TransformOptions>): Promise<TransformOptions> {
  const granted = transformOptions.safeParse((await verifyObjectToken(ref, token, url, 'render')).transform)
  if (!granted.success) throw new StorageApiError(400, 'InvalidJWT', 'The signed URL is invalid: its token grants no transformation')
  const changed = OPTION_KEYS.filter((k) => query[k] !== undefined && query[k] !== granted.data[k])
  if (changed.length) {
    throw new StorageApiError(400, 'InvalidSignature', `The signed URL is invalid: its transformation was changed (${changed.join(', ')}); sign a new URL for another transformation`)
  }
  return granted.data
}
