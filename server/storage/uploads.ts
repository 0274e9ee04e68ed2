import type { IncomingMessage } from 'node:http'
import { PLAN_MAX_UPLOAD_BYTES } from '@/lib/catalogue/plans'
import { baseMimeType, mimeTypeAllowed, objectNameProblem } from '@/lib/storage/limits'
import { TooLarge, type StoredVersion } from './byte-store'
import { byteStore } from './byte-store-in-use'
import { bucketNotFound, invalidRequest, StorageApiError } from './errors'
import { bucketLimits, writeObject, replaceObject, type ObjectMetadata, type ObjectRow } from './objects'
import { asCaller, PLATFORM_CALLER, type StorageCaller } from './sql'
import { storagePlanOf } from './plan'
import { readUploadBody } from './upload-body'

/**
 * An upload, in the order that keeps a row from ever naming missing bytes (byte-store.ts):
 * 1. the bucket's limits are read (the platform's read: uploading needs no right to list buckets);
 * 2. the body streams into the byte store as a new version, refused past the smaller of the
 *    plan's maximum upload size (catalogue PLAN_MAX_UPLOAD_BYTES) and the bucket's file_size_limit,
 *    and fsynced and renamed into place: complete and durable, but named by no row yet;
 * 3. the row naming that version is written as the caller, in one transaction, so the project's
 *    policies decide; if that fails (refused, a duplicate name, a crash) the new version is removed
 *    (after a crash, by the sweep);
 * 4. once committed, the version the row named before (an upsert or an update) is removed.
 */

/** The plan's maximum upload size for the project: its organization's plan (self-hosted: the paid plans'). */
export async function planMaxUploadBytes(ref: string): Promise<number> {
  return PLAN_MAX_UPLOAD_BYTES[await storagePlanOf(ref)]
}

/**
 * 413 for an upload past a limit: the anchor's message word for word (its clients compare it),
 * and the limit in bytes beside it as `maxBytes`.
 */
export const tooLarge = (maxBytes: number) => new StorageApiError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', { maxBytes })

/** 415 unless the bucket's `allowed_mime_types` let `contentType` in. */
export function refuseMimeType(contentType: string, allowed: string[] | null): void {
  if (!mimeTypeAllowed(contentType, allowed)) {
    // The anchor's message word for word: its clients compare it.
    throw new StorageApiError(415, 'InvalidMimeType', `mime type ${baseMimeType(contentType)} is not supported`)
  }
}

export type UploadTarget = { bucket: string; name: string }
export type UploadMode = 'create' | 'upsert' | 'update'

/** Checks the name and finds the bucket's limits: 400 or 404 before a byte is read. */
export async function uploadLimits(ref: string, target: UploadTarget): Promise<{ maxBytes: number; allowed: string[] | null }> {
  const problem = objectNameProblem(target.name)
  if (problem) throw invalidRequest(`Invalid key: ${problem}`)
  const [limits, planMax] = await Promise.all([asCaller(ref, PLATFORM_CALLER, (s) => bucketLimits(s, target.bucket)), planMaxUploadBytes(ref)])
  if (!limits) throw bucketNotFound()
  return { maxBytes: Math.min(planMax, limits.file_size_limit ?? Number.MAX_SAFE_INTEGER), allowed: limits.allowed_mime_types }
}

/** Uploads the request's body as `target`, written as `caller`. Answers what storage-js reads (`Id`, `Key`). */
export async function uploadObject(ref: string, caller: StorageCaller, req: IncomingMessage, target: UploadTarget, mode: UploadMode): Promise<{ Id: string; Key: string }> {
  const { maxBytes, allowed } = await uploadLimits(ref, target)
  const declared = Number(req.headers['content-length'] ?? NaN)
  const body = await readUploadBody(req)
  if (body.raw && declared > maxBytes) throw tooLarge(maxBytes)
  refuseMimeType(body.contentType, allowed)
  let stored
  try {
    stored = await byteStore().write(ref, body.source, maxBytes)
  } catch (error) {
    if (error instanceof TooLarge) throw tooLarge(maxBytes)
    throw error
  }
  return commitUpload(ref, caller, target, mode, stored, body)
}

/** What an upload says of its bytes besides them. */
export type UploadDetails = { contentType: string; cacheControl: string; userMetadata: Record<string, unknown> | null }

/**
 * Step 3 and 4 above for a version already written (a simple upload's, or a resumable one's once
 * complete): the row naming it is written as `caller`; the version is removed if that fails, the
 * one it replaced once it commits.
 */
export async function commitUpload(ref: string, caller: StorageCaller, target: UploadTarget, mode: UploadMode, stored: StoredVersion, details: UploadDetails): Promise<{ Id: string; Key: string }> {
  const store = byteStore()
  const metadata: ObjectMetadata = {
    eTag: `"${stored.md5}"`,
    size: stored.size,
    mimetype: details.contentType,
    cacheControl: details.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: stored.size,
    httpStatusCode: 200,
  }
  const object = { ...target, version: stored.version, metadata, userMetadata: details.userMetadata }
  let written: { row: Pick<ObjectRow, 'id'>; replaced: string | null }
  try {
    written = await asCaller(ref, caller, (s) => (mode === 'update' ? replaceObject(s, object) : writeObject(s, object, mode === 'upsert')))
  } catch (error) {
    await store.remove(ref, [stored.version]).catch(() => {}) // else the sweep's
    throw error
  }
  if (written.replaced) await store.remove(ref, [written.replaced]).catch(() => {})
  return { Id: written.row.id, Key: `${target.bucket}/${target.name}` }
}

/** Thrown to roll back a dry run once its statements have passed. */
class DryRun extends Error {}

/**
 * Whether `caller` may write `target` (a signed upload URL is made only for a caller its policies
 * let upload there): the row is written and the transaction rolled back.
 */
export async function checkMayUpload(ref: string, caller: StorageCaller, target: UploadTarget, upsert: boolean): Promise<void> {
  await uploadLimits(ref, target)
  const metadata: ObjectMetadata = { eTag: '""', size: 0, mimetype: 'application/octet-stream', cacheControl: 'max-age=3600', lastModified: new Date().toISOString(), contentLength: 0, httpStatusCode: 200 }
  try {
    await asCaller(ref, caller, async (s) => {
      await writeObject(s, { ...target, version: '00000000-0000-4000-8000-000000000000', metadata, userMetadata: null }, upsert)
      throw new DryRun()
    })
  } catch (error) {
    if (!(error instanceof DryRun)) throw error
  }
}
