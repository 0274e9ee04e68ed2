import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import busboy from 'busboy'
import { invalidRequest } from './errors'
import { firstHeader as header } from '../http/headers'

/**
 * The bytes of an upload and what comes with them, as storage-js sends them: a Blob or File as
 * multipart form data (fields `cacheControl`, `metadata` before the file part), anything else as
 * the raw body with `Content-Type`, `Cache-Control` and `x-metadata` (base64 JSON) headers. The
 * bytes are a stream, never held whole: uploads run to hundreds of gigabytes.
 */
export type UploadBody = {
  source: AsyncIterable<Uint8Array>
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  /** Whether the body's length is exactly what `Content-Length` says (not multipart). */
  raw: boolean
}


/** `max-age=3600` from `3600` or `max-age=3600`; Supabase's default when none is given. */
export function cacheControlOf(value: string | undefined): string {
  if (!value) return 'max-age=3600'
  return /^\d+$/.test(value) ? `max-age=${value}` : value.slice(0, 200)
}

/** The user metadata of an upload: a JSON object, else 400. */
export function userMetadataOf(json: string | undefined): Record<string, unknown> | null {
  if (!json) return null
  try {
    const value = JSON.parse(json) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    /* refused below */
  }
  throw invalidRequest('The object metadata must be a JSON object')
}

function decodeBase64Json(value: string | undefined): string | undefined {
  return value === undefined ? undefined : Buffer.from(value, 'base64').toString('utf8')
}

/** The file part of a multipart upload and the fields before it. */
function multipart(req: IncomingMessage): Promise<{ fields: Record<string, string>; file: Readable; mimeType: string }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 22 } })
    } catch {
      reject(invalidRequest('The multipart body is malformed: its boundary is missing'))
      return
    }
    const fields: Record<string, string> = {}
    let file: Readable | null = null
    parser.on('field', (name, value) => {
      fields[name] = value
    })
    parser.on('file', (_name, stream, info) => {
      if (file) return stream.resume()
      file = stream
      resolve({ fields, file: stream, mimeType: info.mimeType })
    })
    parser.on('error', (error) => {
      const failure = invalidRequest(`The multipart body is malformed: ${(error as Error).message}`)
      if (file) file.destroy(failure)
      else reject(failure)
    })
    parser.on('close', () => {
      if (!file) reject(invalidRequest('The multipart body holds no file'))
    })
    // A client that leaves mid-body ends the file with an error, never an endless wait.
    req.on('close', () => {
      if (!req.complete) {
        const gone = new Error('The client closed the connection before the upload was complete')
        if (file) file.destroy(gone)
        else reject(gone)
      }
    })
    req.pipe(parser)
  })
}

/** The raw body's chunks; an error, never a quiet end, when the client left before its end (a half object is never taken for a whole one). */
async function* wholeBody(req: IncomingMessage): AsyncIterable<Uint8Array> {
  for await (const chunk of req) yield chunk as Buffer
  if (!req.complete) throw new Error('The client closed the connection before the upload was complete')
}

export async function readUploadBody(req: IncomingMessage): Promise<UploadBody> {
  const contentType = header(req.headers['content-type']) ?? ''
  if (/^multipart\/form-data/i.test(contentType)) {
    const { fields, file, mimeType } = await multipart(req)
    return {
      source: file,
      contentType: fields.contentType || mimeType || 'application/octet-stream',
      cacheControl: cacheControlOf(fields.cacheControl),
      userMetadata: userMetadataOf(fields.metadata),
      raw: false,
    }
  }
  let metadata: string | undefined
  try {
    metadata = decodeBase64Json(header(req.headers['x-metadata']))
  } catch {
    throw invalidRequest('The x-metadata header must be base64-encoded JSON')
  }
  return {
    source: wholeBody(req),
    contentType: contentType || 'application/octet-stream',
    cacheControl: cacheControlOf(header(req.headers['cache-control'])),
    userMetadata: userMetadataOf(metadata),
    raw: true,
  }
}
