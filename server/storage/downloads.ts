import { parseByteRange } from '@/lib/storage/byte-range'
import { downloadSafetyHeaders } from '@/lib/tenant-content'
import { byteStore } from './byte-store-in-use'
import { objectNotFound, StorageApiError } from './errors'
import type { ObjectRow } from './objects'
import type { StorageReply } from './route'

/**
 * The answer to a download: the row's version streamed, with its content type, length, eTag and
 * cache control; `?download` (with a file name, or empty for the object's own) as an attachment;
 * with a `Range` header (`range`), only those bytes (206), or 416 when they lie past the end. The
 * range is read from the row's size (its version's), so the store is asked for those bytes only.
 * The bytes are the tenant's: nosniff and CSP sandbox, and an attachment when their type could run
 * script (lib/tenant-content.ts), whatever URL serves them (public, authenticated, signed).
 */
export async function objectReply(ref: string, row: ObjectRow, download: string | null, range?: string): Promise<StorageReply> {
  const known = row.metadata?.size
  const wanted = typeof known === 'number' ? parseByteRange(range, known) : null
  if (wanted === 'unsatisfiable') {
    const failure = new StorageApiError(416, 'InvalidRange', `The range ${range} is not satisfiable: the object has ${known} bytes`)
    return { status: 416, json: failure.toJSON(), headers: { 'Content-Range': `bytes */${known}`, 'Accept-Ranges': 'bytes' } }
  }
  const bytes = row.version ? await byteStore().read(ref, row.version, wanted ?? undefined) : null
  if (!bytes) throw objectNotFound()
  const meta = row.metadata
  const contentType = meta?.mimetype ?? 'application/octet-stream'
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Length': String(wanted ? wanted.end - wanted.start + 1 : bytes.size),
    'Accept-Ranges': 'bytes',
    'Cache-Control': meta?.cacheControl ?? 'max-age=3600',
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    ...downloadSafetyHeaders(contentType, row.name, download),
  }
  if (meta?.eTag) headers.ETag = meta.eTag
  if (wanted) headers['Content-Range'] = `bytes ${wanted.start}-${wanted.end}/${bytes.size}`
  return { status: wanted ? 206 : 200, stream: bytes.stream, headers }
}

/** The object's details as `info()` reads them (storage-js camelizes them). */
export function objectInfo(row: ObjectRow) {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    last_modified: row.updated_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    metadata: row.user_metadata ?? {},
  }
}
