import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand, CompleteMultipartUploadCommand, CopyObjectCommand, CreateMultipartUploadCommand, DeleteObjectsCommand,
  GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, PutObjectCommand, UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import type { StorageS3Config } from '@/lib/config'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { TooLarge, type ByteStore, type StoredVersion } from './byte-store'
import { s3Client } from './s3-client'

/**
 * The byte store on an S3-compatible store (AWS S3, MinIO, R2), which several instances share:
 * a version is the object `<ref>/objects/<version>`. S3 shows an object only once its PUT or its
 * multipart upload completes, so a version is never seen half written; a write that fails aborts
 * its multipart upload, and the parts of one a crash left are aborted by the sweep
 * (`removeStaleTemporary`). Small objects go in one PUT, larger ones in parts that grow with the
 * object (8 MiB, doubling every 1,000 parts), so 10,000 parts reach past the paid plans' 500 GB.
 */

const VERSION_PATTERN = /^[0-9a-f-]{36}$/
const FIRST_PART_BYTES = 8 * 1024 * 1024
/** CopyObject copies at most 5 GiB in one call; larger versions are streamed. */
const COPY_OBJECT_MAX = 5 * 1024 ** 3

function prefixOf(ref: string): string {
  if (!PROJECT_REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`)
  return `${ref}/`
}

function keyOf(ref: string, version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error('Invalid object version')
  return `${prefixOf(ref)}objects/${version}`
}

const partBytes = (partNumber: number) => FIRST_PART_BYTES * 2 ** Math.floor((partNumber - 1) / 1000)

const isMissing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as { name?: string })?.name ?? '')

/** Every object under a prefix (paged by the SDK's continuation tokens). */
export async function* listed(client: S3Client, bucket: string, prefix: string) {
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
    for (const item of page.Contents ?? []) if (item.Key) yield item
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
}

/**
 * Multipart uploads under way below a prefix; none from a store that cannot list them (s3rver),
 * whose own rules must then expire them.
 */
export async function* multipartUploads(client: S3Client, bucket: string, prefix: string) {
  let keyMarker: string | undefined
  let uploadIdMarker: string | undefined
  do {
    const page = await client
      .send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }))
      .catch((error: unknown) => {
        if ((error as { name?: string })?.name === 'NotImplemented') return null
        throw error
      })
    if (!page) return
    for (const upload of page.Uploads ?? []) if (upload.Key && upload.UploadId) yield upload
    keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined
    uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined
  } while (keyMarker)
}

export async function deleteKeys(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000)
    await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }))
  }
}

/** Writes `source` to `key`: one PUT when it fits in a part, else a multipart upload, aborted on any failure. */
async function writeObject(client: S3Client, bucket: string, key: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ size: number; md5: string }> {
  const hash = crypto.createHash('md5')
  let size = 0
  let pending: Buffer[] = []
  let pendingBytes = 0
  let uploadId: string | null = null
  const parts: { ETag: string; PartNumber: number }[] = []
  const flush = async () => {
    const body = Buffer.concat(pending)
    pending = []
    pendingBytes = 0
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }))).UploadId ?? null
    if (!uploadId) throw new Error('The S3 store did not start a multipart upload')
    const PartNumber = parts.length + 1
    const { ETag } = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }))
    parts.push({ ETag: ETag ?? '', PartNumber })
  }
  try {
    for await (const chunk of source) {
      size += chunk.length
      if (size > maxBytes) throw new TooLarge(maxBytes)
      hash.update(chunk)
      pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length))
      pendingBytes += chunk.length
      if (pendingBytes >= partBytes(parts.length + 1)) await flush()
    }
    if (uploadId === null) {
      const body = Buffer.concat(pending)
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.length }))
    } else {
      if (pendingBytes > 0) await flush()
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }))
    }
  } catch (error) {
    if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {}) // else the sweep's
    throw error
  }
  return { size, md5: hash.digest('hex') }
}

async function* bodyChunks(client: S3Client, bucket: string, key: string): AsyncIterable<Uint8Array> {
  const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
  yield* Body as Readable
}

export function s3ByteStore(config: StorageS3Config): ByteStore {
  const client = s3Client(config)
  const Bucket = config.bucket
  const write = async (ref: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredVersion> => {
    const version = crypto.randomUUID()
    return { version, ...(await writeObject(client, Bucket, keyOf(ref, version), source, maxBytes)) }
  }
  return {
    write,
    async read(ref, version, range) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(ref, version), Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
        const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1]
        return { stream: answer.Body as Readable, size: Number(total ?? answer.ContentLength ?? 0) }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async copy(ref, version) {
      const source = keyOf(ref, version)
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: source }))
      const size = Number(head.ContentLength ?? 0)
      if (size > COPY_OBJECT_MAX) return write(ref, bodyChunks(client, Bucket, source), Number.MAX_SAFE_INTEGER)
      const copy = crypto.randomUUID()
      await client.send(new CopyObjectCommand({ Bucket, Key: keyOf(ref, copy), CopySource: `${Bucket}/${source.split('/').map(encodeURIComponent).join('/')}` }))
      return { version: copy, size, md5: (head.ETag ?? '').replace(/"/g, '') }
    },
    async remove(ref, versions) {
      await deleteKeys(client, Bucket, versions.map((v) => keyOf(ref, v)))
    },
    async versionsOlderThan(ref, before) {
      const found: string[] = []
      const prefix = `${prefixOf(ref)}objects/`
      for await (const item of listed(client, Bucket, prefix)) {
        const version = item.Key!.slice(prefix.length)
        if (VERSION_PATTERN.test(version) && item.LastModified && item.LastModified < before) found.push(version)
      }
      return found
    },
    async removeStaleTemporary(ref, before) {
      let removed = 0
      for await (const upload of multipartUploads(client, Bucket, `${prefixOf(ref)}objects/`)) {
        if (upload.Initiated && upload.Initiated >= before) continue
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }))
        removed++
      }
      return removed
    },
    async bytesStored(ref) {
      let total = 0
      for await (const item of listed(client, Bucket, `${prefixOf(ref)}objects/`)) total += item.Size ?? 0
      return total
    },
    async removeProject(ref) {
      const prefix = prefixOf(ref)
      for await (const upload of multipartUploads(client, Bucket, prefix)) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId })).catch(() => {})
      }
      const keys: string[] = []
      for await (const item of listed(client, Bucket, prefix)) keys.push(item.Key!)
      await deleteKeys(client, Bucket, keys)
    },
  }
}
