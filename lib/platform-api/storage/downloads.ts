import { byteStore } from './byte-store-in-use'
import { objectNotFound } from './errors'
import type { ObjectRow } from './objects'
import type { StorageReply } from './route'

/**
 * The answer to a download: the row's version streamed, with its content type, length, eTag and
 * cache control; `?download` (with a file name, or empty for the object's own) as an attachment.
 */
export async function objectReply(ref: string, row: ObjectRow, download: string | null): Promise<StorageReply> {
  const bytes = row.version ? await byteStore().read(ref, row.version) : null
  if (!bytes) throw objectNotFound()
  const meta = row.metadata
  const headers: Record<string, string> = {
    'Content-Type': meta?.mimetype ?? 'application/octet-stream',
    'Content-Length': String(bytes.size),
    'Cache-Control': meta?.cacheControl ?? 'max-age=3600',
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    // Bytes sent as they are: a browser must not guess another type (an HTML upload run as a page).
    'X-Content-Type-Options': 'nosniff',
  }
  if (meta?.eTag) headers.ETag = meta.eTag
  if (download !== null) {
    const file = download || row.name.split('/').pop() || 'download'
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(file)}`
  }
  return { status: 200, stream: bytes.stream, headers }
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
