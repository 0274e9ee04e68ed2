import type { IncomingHttpHeaders } from 'node:http'
import type { CreateBucketInput, ListObjectsInput, StorageBucket, StorageListEntry, UpdateBucketInput } from '@/lib/api-types/storage'
import type { StorageUploadUrl, StorageUrl, TransformOptions } from '@/lib/api-types/storage-platform'
import { imageTransformationsIncluded } from '@/lib/storage/limits'
import { ApiError } from '../http/errors'
import { projectApiEndpoint } from '../projects/api-endpoint'
import type { RequestSession } from '../projects/request-role'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from '../storage/buckets'
import { byteStore } from '../storage/byte-store-in-use'
import { StorageApiError, storagePostgresError } from '../storage/errors'
import { deleteObjects, listObjects, moveObject, readObject } from '../storage/objects'
import { copyObject } from '../storage/routes-objects'
import { SIGNED_UPLOAD_SECONDS } from '../storage/routes-signed'
import { asCaller, PLATFORM_CALLER } from '../storage/sql'
import { storagePlanOf } from '../storage/plan'
import { signObjectToken } from '../storage/tokens'
import { signRenderUrl } from '../storage/transform/signed'
import { checkMayUpload } from '../storage/uploads'

/**
 * Dashboard → Storage on the server: a project's buckets and objects as its service role, through
 * the very modules of `{url}/storage/v1` (no second copy of their rules), and the short-lived URLs
 * the browser uses instead of a project key: it never receives one. The router has already checked
 * the member's role (routes/storage.ts).
 */

/** Errors of the storage modules as the platform answers them (same status, its message). */
function platformError(error: unknown): never {
  const known = error instanceof StorageApiError ? error : storagePostgresError(error)
  if (known) throw new ApiError(known.status, known.message, known.code)
  throw error
}

/** Runs `fn` as the project's service role, with the storage API's errors made the platform's. */
export function asService<T>(ref: string, fn: (session: RequestSession) => Promise<T>, signal?: AbortSignal): Promise<T> {
  return asCaller(ref, PLATFORM_CALLER, fn, signal).catch(platformError)
}

/** `bucket/the/name` with each part escaped for a URL path. */
const objectPath = (bucket: string, name: string) => [bucket, ...name.split('/')].map(encodeURIComponent).join('/')

const storageBase = (ref: string, headers: IncomingHttpHeaders) => `${projectApiEndpoint(ref, headers)}/storage/v1`

export const listBucketsOf = (ref: string, signal?: AbortSignal): Promise<StorageBucket[]> => asService(ref, (s) => listBuckets(s, {}), signal)

export const getBucketOf = (ref: string, id: string, signal?: AbortSignal) => asService(ref, (s) => getBucket(s, id), signal)

export async function createBucketOf(ref: string, input: CreateBucketInput, signal?: AbortSignal): Promise<StorageBucket> {
  const { name } = await asService(ref, (s) => createBucket(s, input), signal)
  return getBucketOf(ref, name, signal)
}

export async function updateBucketOf(ref: string, id: string, input: UpdateBucketInput, signal?: AbortSignal): Promise<StorageBucket> {
  await asService(ref, (s) => updateBucket(s, id, input), signal)
  return getBucketOf(ref, id, signal)
}

/** Deletes every object of a bucket; their bytes once the rows are gone. */
export async function emptyBucketOf(ref: string, id: string, signal?: AbortSignal): Promise<void> {
  const versions = await asService(ref, (s) => emptyBucket(s, id), signal)
  await byteStore().remove(ref, versions)
}

/** Deletes a bucket with its objects (the dashboard's delete empties it first, as Supabase Studio's does). */
export async function deleteBucketOf(ref: string, id: string, signal?: AbortSignal): Promise<void> {
  await emptyBucketOf(ref, id, signal)
  await asService(ref, (s) => deleteBucket(s, id), signal)
}

export const listObjectsOf = (ref: string, bucket: string, input: ListObjectsInput, signal?: AbortSignal): Promise<StorageListEntry[]> =>
  asService(ref, async (s) => {
    await getBucket(s, bucket)
    return listObjects(s, bucket, input)
  }, signal)

/** A transformed download, signed as the storage API signs one (transform/signed.ts), its path escaped. */
async function signTransformed(ref: string, headers: IncomingHttpHeaders, bucket: string, name: string, expiresIn: number, transform: TransformOptions) {
  return `${storageBase(ref, headers)}${await signRenderUrl(ref, bucket, name, expiresIn, transform, objectPath).catch(platformError)}`
}

async function signPlain(ref: string, headers: IncomingHttpHeaders, bucket: string, name: string, expiresIn: number): Promise<string> {
  const token = await signObjectToken(ref, `${bucket}/${name}`, 'download', expiresIn).catch(platformError)
  return `${storageBase(ref, headers)}/object/sign/${objectPath(bucket, name)}?token=${encodeURIComponent(token)}`
}

/** A signed download URL of an existing object, for `expiresIn` seconds; transformed when asked. */
export async function signObjectUrl(
  ref: string,
  headers: IncomingHttpHeaders,
  bucket: string,
  input: { path: string; expiresIn: number; transform?: TransformOptions; download?: boolean },
  signal?: AbortSignal
): Promise<StorageUrl> {
  await asService(ref, (s) => readObject(s, bucket, input.path), signal)
  // Thumbnails are transformed where the plan includes transformations; otherwise the image itself.
  const url = input.transform && imageTransformationsIncluded(await storagePlanOf(ref))
    ? await signTransformed(ref, headers, bucket, input.path, input.expiresIn, input.transform)
    : await signPlain(ref, headers, bucket, input.path, input.expiresIn)
  return { url: input.download ? `${url}&download=` : url }
}

/** The public URL of an object of a public bucket (404 for a private one: it has none). */
export async function publicObjectUrl(ref: string, headers: IncomingHttpHeaders, bucket: string, name: string, signal?: AbortSignal): Promise<StorageUrl> {
  const found = await getBucketOf(ref, bucket, signal)
  if (!found.public) throw new ApiError(400, `Bucket ${bucket} is private: its objects have no public URL, sign one instead`)
  return { url: `${storageBase(ref, headers)}/object/public/${objectPath(bucket, name)}` }
}

export async function moveObjectOf(ref: string, bucket: string, from: string, to: string, signal?: AbortSignal): Promise<void> {
  await asService(ref, (s) => moveObject(s, { bucket, name: from }, { bucket, name: to }), signal)
}

export async function copyObjectOf(ref: string, bucket: string, from: string, to: string, signal?: AbortSignal): Promise<void> {
  await copyObject(ref, PLATFORM_CALLER, { bucketId: bucket, sourceKey: from, destinationKey: to }, false, signal).catch(platformError)
}

/** Deletes the named objects (404 when none of them exists); their bytes once committed. */
export async function deleteObjectsOf(ref: string, bucket: string, paths: string[], signal?: AbortSignal): Promise<{ deleted: string[] }> {
  const rows = await asService(ref, async (s) => {
    await getBucket(s, bucket)
    return deleteObjects(s, bucket, paths)
  }, signal)
  await byteStore().remove(ref, rows.flatMap((r) => (r.version ? [r.version] : [])))
  return { deleted: rows.map((r) => r.name) }
}

/** A signed upload URL (two hours) for `path`, after the bucket and name are checked. */
export async function uploadUrlOf(ref: string, headers: IncomingHttpHeaders, bucket: string, path: string, upsert: boolean): Promise<StorageUploadUrl> {
  await checkMayUpload(ref, PLATFORM_CALLER, { bucket, name: path }, upsert).catch(platformError)
  const token = await signObjectToken(ref, `${bucket}/${path}`, 'upload', SIGNED_UPLOAD_SECONDS, { owner: null, upsert }).catch(platformError)
  return { url: `${storageBase(ref, headers)}/object/upload/sign/${objectPath(bucket, path)}?token=${encodeURIComponent(token)}`, path }
}
