import type { Upload } from '@tus/utils'
import { TooLarge } from '../byte-store'
import { byteStore } from '../byte-store-in-use'
import type { StorageCaller } from '../sql'
import { cacheControlOf, userMetadataOf } from '../upload-body'
import { commitUpload, tooLarge, uploadLimits, type UploadTarget } from '../uploads'
import { resumableStore } from './datastore'

/**
 * What a resumable upload says of itself in its metadata: the tus client's `bucketName`,
 * `objectName`, `contentType`, `cacheControl` and `metadata` (JSON), and what the server added
 * when it was created: whether it replaces an object of its name (`upsert`, from `x-upsert`) and
 * who created it (`ownerRole`, `ownerSub`), the only caller who may go on with it.
 */
export type ResumableMetadata = {
  target: UploadTarget
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  upsert: boolean
  ownerRole: string
  ownerSub: string
}

export function resumableMetadata(upload: Upload): ResumableMetadata {
  const m = upload.metadata ?? {}
  return {
    target: { bucket: m.bucketName ?? '', name: m.objectName ?? '' },
    contentType: m.contentType || 'application/octet-stream',
    cacheControl: cacheControlOf(m.cacheControl ?? undefined),
    userMetadata: userMetadataOf(m.metadata ?? undefined),
    upsert: m.upsert === 'true',
    ownerRole: m.ownerRole ?? '',
    ownerSub: m.ownerSub ?? '',
  }
}

/** The `sub` a caller's claims name ('' for a key). */
export const subOf = (caller: StorageCaller) => (typeof caller.claims.sub === 'string' ? caller.claims.sub : '')

/** Whether `caller` is who created the upload. */
export const isOwner = (meta: ResumableMetadata, caller: StorageCaller) => meta.ownerRole === caller.role && meta.ownerSub === subOf(caller)

/**
 * Ends a complete resumable upload as uploads.ts ends a simple one: its bytes are copied into a
 * new version of the byte store (complete and durable before any row names it), the row naming it
 * is committed as `caller`, and the upload is removed whatever happened, so a client that resumes
 * a refused one starts again rather than taking it for done. Killed before the commit, the upload
 * stays complete and nothing is visible; the owner's next HEAD ends it (handler.ts), else the sweep
 * removes it once expired.
 */
export async function finishResumable(ref: string, caller: StorageCaller, upload: Upload): Promise<{ Id: string; Key: string }> {
  const meta = resumableMetadata(upload)
  const store = resumableStore()
  try {
    const { maxBytes } = await uploadLimits(ref, meta.target)
    let stored
    try {
      stored = await byteStore().write(ref, await store.bytes(upload.id), maxBytes)
    } catch (error) {
      if (error instanceof TooLarge) throw tooLarge(maxBytes)
      throw error
    }
    return await commitUpload(ref, caller, meta.target, meta.upsert ? 'upsert' : 'create', stored, meta)
  } finally {
    await store.discard(upload.id).catch(() => {})
  }
}
