import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Upload } from '@tus/utils'
import type { ProjectRequest } from '../../project-api/frame'
import { storageCaller } from '../caller'
import { StorageApiError } from '../errors'
import type { StorageCaller } from '../sql'
import { resumableStore, UPLOAD_ID_PATTERN } from './datastore'
import { finishResumable, isOwner, resumableMetadata } from './finish'
import { rememberRequest, tusServer } from './server'

/**
 * `{url}/storage/v1/upload/resumable[/<id>]`: resumable uploads (tus 1.0) as tus-js-client and
 * Uppy send them to Supabase: POST creates (Upload-Length, Upload-Metadata with bucketName and
 * objectName, x-upsert), PATCH appends, HEAD answers the offset, DELETE ends it, OPTIONS answers
 * a browser's preflight. Every request but OPTIONS carries the project key or a user's token;
 * an upload is seen and continued only by the caller who created it (others get 404, as for an
 * object they may not read). GET is refused: an upload's bytes are not served before they are an
 * object.
 */

/** The routes served here, as the walks list them (tests/api/helpers/expected-project-api.ts). */
export const RESUMABLE_ROUTES = ['POST /upload/resumable', 'HEAD /upload/resumable/:id', 'PATCH /upload/resumable/:id', 'DELETE /upload/resumable/:id', 'OPTIONS /upload/resumable'] as const

const PATH = /^\/upload\/resumable(?:\/([^/]+))?\/?$/

/** Whether a path below `/storage/v1` is a resumable upload's. */
export const isResumablePath = (path: string) => path === '/upload/resumable' || path.startsWith('/upload/resumable/')

const noSuchUpload = () => new StorageApiError(404, 'NoSuchUpload', 'No such resumable upload: it has finished, expired or been cancelled, or it is not yours')

async function ownUpload(ref: string, caller: StorageCaller, hex: string): Promise<Upload> {
  let upload: Upload
  try {
    upload = await resumableStore().datastore.getUpload(`${ref}/tus/${hex}`)
  } catch (error) {
    const status = (error as { status_code?: number } | null)?.status_code
    if (status === 404 || status === 410) throw noSuchUpload()
    throw error
  }
  if (!isOwner(resumableMetadata(upload), caller)) throw noSuchUpload()
  return upload
}

/**
 * Serves one request (the caller it proves is the log's role: frame.ts). Throws a StorageApiError
 * before anything is sent when the request is refused (the storage handler answers it).
 */
export async function resumableHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest, path: string): Promise<void> {
  const ref = frame.ref
  const method = (req.method ?? 'GET').toUpperCase()
  const match = PATH.exec(path)
  if (!match) throw new StorageApiError(404, 'NotFound', `No such storage endpoint: ${method} /storage/v1${path}`)
  const hex = match[1]
  if (method === 'OPTIONS') {
    await tusServer().handle(req, res)
    return
  }
  const allowed = hex ? ['HEAD', 'PATCH', 'DELETE'] : ['POST']
  if (!allowed.includes(method)) throw new StorageApiError(405, 'InvalidRequest', `Method ${method} is not allowed on /storage/v1${path}; use ${allowed.join(', ')}`)
  if (!req.headers['tus-resumable']) throw new StorageApiError(412, 'InvalidRequest', 'The Tus-Resumable header is required: this is a tus 1.0.0 endpoint')
  if (hex && !UPLOAD_ID_PATTERN.test(hex)) throw noSuchUpload()
  const caller = await storageCaller(frame)
  if (hex) {
    const upload = await ownUpload(ref, caller, hex)
    // Complete but still here: the instance that received its last byte stopped before making it
    // an object. The owner's HEAD (a client resuming) ends it now, so the client's success is true.
    if (method === 'HEAD' && upload.size !== undefined && upload.offset === upload.size) {
      await finishResumable(ref, caller, upload)
      res.writeHead(200, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(upload.size), 'Upload-Length': String(upload.size), 'Cache-Control': 'no-store' })
      res.end()
      return
    }
  }
  rememberRequest(req, { ref, caller })
  await tusServer().handle(req, res)
}
