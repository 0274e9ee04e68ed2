import { Readable } from 'node:stream'
import type { TransformOptions } from '@/lib/api-types/storage-transform'
import { downloadSafetyHeaders } from '@/lib/tenant-content'
import { recordImageTransform } from '../../billing/transform-metering'
import { byteStore } from '../byte-store-in-use'
import { objectNotFound, StorageApiError } from '../errors'
import type { ObjectRow } from '../objects'
import { requireImageTransformations } from '../plan'
import type { StorageContext, StorageReply } from '../route'
import { keepCached, readCached } from './cache'
import { sweepTransformsNowAndThen } from './cache-sweep'
import { contentTypeOf, MAX_ORIGIN_BYTES, renderImage, resolveTransform, SNIFF_BYTES, transformationsHeader, transformKey } from './image'

/**
 * Serves an object transformed: from the cache when this version was already transformed so
 * (cache.ts), else rendered (image.ts) and kept. Each answer counts the origin for metering
 * (billing/transform-metering.ts) and says `X-Transform-Cache: hit | miss`; the handler logs it to
 * `storage_logs` as every storage request.
 */

const g = globalThis as typeof globalThis & { __transformRenders?: { count: number } }
const renders = (g.__transformRenders ??= { count: 0 })

/** How many images this process has rendered (not served from the cache): what tests read to see the cache work. */
export const renderCount = () => renders.count

/** The first bytes of a version, to tell which image it is (image.ts's sniffImageFormat). */
async function readHead(ref: string, version: string): Promise<Buffer> {
  const bytes = await byteStore().read(ref, version, { start: 0, end: SNIFF_BYTES - 1 })
  if (!bytes) throw objectNotFound()
  const chunks: Buffer[] = []
  for await (const chunk of bytes.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function readOrigin(ref: string, version: string): Promise<Buffer> {
  const bytes = await byteStore().read(ref, version)
  if (!bytes) throw objectNotFound()
  if (bytes.size > MAX_ORIGIN_BYTES) {
    bytes.stream.destroy()
    throw new StorageApiError(413, 'EntityTooLarge', `The image is too large to transform: at most ${MAX_ORIGIN_BYTES / 1024 / 1024} MB`)
  }
  const chunks: Buffer[] = []
  for await (const chunk of bytes.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function headersOf(row: ObjectRow, options: TransformOptions, contentType: string, size: number, cache: 'hit' | 'miss', download: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Transformations': transformationsHeader(options),
    'Content-Type': contentType,
    'Content-Length': String(size),
    'Cache-Control': row.metadata?.cacheControl ?? 'max-age=3600',
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'X-Transform-Cache': cache,
    ...downloadSafetyHeaders(contentType, row.name, download),
  }
  return headers
}

/** The reply of a transformation of `row` (read as whoever the route decided may read it). */
export async function transformedReply(ctx: StorageContext, row: ObjectRow, options: TransformOptions, download: string | null): Promise<StorageReply> {
  await requireImageTransformations(ctx.ref)
  if (!row.version) throw objectNotFound()
  const accept = ctx.req.headers.accept
  const head = row.metadata?.size === 0 ? Buffer.alloc(0) : await readHead(ctx.ref, row.version)
  const t = resolveTransform(options, row.metadata?.mimetype, Array.isArray(accept) ? accept.join(',') : accept, head)
  const key = transformKey(t)
  const origin = { bucket: row.bucket_id, name: row.name, version: row.version }
  sweepTransformsNowAndThen(ctx.ref)
  const cached = await readCached(ctx.ref, row.version, key)
  if (cached) {
    recordImageTransform(ctx.ref, `${origin.bucket}/${origin.name}`)
    return { status: 200, stream: cached.bytes.stream, headers: headersOf(row, options, cached.content_type, cached.bytes.size, 'hit', download) }
  }
  const output = await renderImage(await readOrigin(ctx.ref, row.version), t)
  renders.count++
  recordImageTransform(ctx.ref, `${origin.bucket}/${origin.name}`)
  const contentType = contentTypeOf(t)
  // Served even when it cannot be kept: the next request renders it again.
  await keepCached(ctx.ref, origin, key, output, contentType).catch((error) =>
    console.error(`[storage] could not cache a transformation of ${ctx.ref}: ${error instanceof Error ? error.message : String(error)}`)
  )
  return { status: 200, stream: Readable.from([output]), headers: headersOf(row, options, contentType, output.length, 'miss', download) }
}
