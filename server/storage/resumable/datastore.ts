import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AbortMultipartUploadCommand, GetObjectCommand } from '@aws-sdk/client-s3'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import type { DataStore } from '@tus/utils'
import { getServerConfig, type StorageS3Config } from '@/lib/config'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { s3Client, s3ClientConfig } from '../s3-client'
import { deleteKeys, listed, multipartUploads } from '../s3-store'

/**
 * Where resumable uploads under way keep their bytes and their state (size, offset, metadata):
 * in the byte store's place, never in one process's memory, so the next PATCH of an upload may
 * reach any instance. An upload's id is `<ref>/tus/<32 hex>`: on disk the file
 * `DATA_DIR/files/<ref>/tus/<hex>` with its `<hex>.json` beside it (@tus/file-store), on S3 a
 * multipart upload of the key `<ref>/tus/<hex>` with its `.info` object (@tus/s3-store). A
 * complete upload is copied into a version of the byte store and then removed (finish.ts); what
 * was abandoned is removed by the sweep once it has expired (24 hours untouched, as Supabase's).
 */

export const RESUMABLE_EXPIRY_MS = 24 * 3600_000
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/

export type ResumableStore = {
  datastore: DataStore
  /** The bytes of a complete upload. */
  bytes(id: string): Promise<AsyncIterable<Uint8Array>>
  /** Removes an upload, finished or not, with everything it kept; one already gone is fine. */
  discard(id: string): Promise<void>
  /** Removes the project's uploads untouched since `before`; answers how many. */
  sweep(ref: string, before: Date): Promise<number>
}

const tusPrefix = (ref: string) => {
  if (!PROJECT_REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`)
  return `${ref}/tus/`
}

function diskStore(dataDir: string): ResumableStore {
  const directory = path.resolve(dataDir, 'files')
  return {
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }),
    bytes: async (id) => fs.createReadStream(path.join(directory, id)),
    discard: async (id) => {
      await Promise.all([id, `${id}.json`].map((f) => fs.promises.rm(path.join(directory, f), { force: true })))
    },
    async sweep(ref, before) {
      const dir = path.join(directory, tusPrefix(ref))
      let removed = 0
      for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
        const hex = name.replace(/\.json$/, '')
        if (!UPLOAD_ID_PATTERN.test(hex)) continue
        // An upload's data file is touched by every PATCH; its state alone is judged by its own age.
        const data = await fs.promises.stat(path.join(dir, hex)).catch(() => null)
        const stat = data ?? (await fs.promises.stat(path.join(dir, name)).catch(() => null))
        if (!stat || stat.mtime >= before) continue
        await fs.promises.rm(path.join(dir, name), { force: true })
        if (name === hex) removed++
      }
      return removed
    },
  }
}

function s3Store(config: StorageS3Config): ResumableStore {
  const client = s3Client(config)
  const datastore = new S3Store({ partSize: 8 * 1024 * 1024, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS, s3ClientConfig: { bucket: config.bucket, ...s3ClientConfig(config) } })
  return {
    datastore,
    bytes: async (id) => (await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: id }))).Body as Readable,
    // @tus/s3-store's own remove first aborts the multipart upload, which S3 answers NoSuchUpload
    // once it has completed, and then stops short of deleting the keys: so they are deleted here.
    discard: async (id) => {
      await datastore.remove(id).catch(() => {})
      await deleteKeys(client, config.bucket, [id, `${id}.info`, `${id}.part`])
    },
    async sweep(ref, before) {
      let removed = 0
      for await (const upload of multipartUploads(client, config.bucket, tusPrefix(ref))) {
        if (upload.Initiated && upload.Initiated >= before) continue
        await client.send(new AbortMultipartUploadCommand({ Bucket: config.bucket, Key: upload.Key, UploadId: upload.UploadId })).catch(() => {})
        removed++
      }
      const stale: string[] = []
      for await (const item of listed(client, config.bucket, tusPrefix(ref))) if (item.LastModified && item.LastModified < before) stale.push(item.Key!)
      await deleteKeys(client, config.bucket, stale)
      return removed
    },
  }
}

const g = globalThis as typeof globalThis & { __resumableStores?: Map<string, ResumableStore> }
const stores = (g.__resumableStores ??= new Map())

/** The resumable uploads' store beside the byte store in use (byte-store-in-use.ts). */
export function resumableStore(): ResumableStore {
  const { storageS3, dataDir } = getServerConfig()
  const key = storageS3 ? JSON.stringify(storageS3) : `disk:${path.resolve(dataDir)}`
  let store = stores.get(key)
  if (!store) {
    store = storageS3 ? s3Store(storageS3) : diskStore(dataDir)
    stores.set(key, store)
  }
  return store
}
