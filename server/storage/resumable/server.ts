import crypto from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Server, type Upload } from '@tus/server'
import { invalidRequest, StorageApiError, storagePostgresError } from '../errors'
import type { StorageCaller } from '../sql'
import { checkMayUpload, refuseMimeType, tooLarge, uploadLimits } from '../uploads'
import { resumableStore, UPLOAD_ID_PATTERN, type ResumableStore } from './datastore'
import { finishResumable, resumableMetadata, subOf } from './finish'
import { resumableLocker } from './locker'

/**
 * The tus 1.0 server (@tus/server) of `{url}/storage/v1/upload/resumable`, one per process and
 * store, holding nothing of an upload itself (datastore.ts). The request's project and caller,
 * found before tus sees it (handler.ts), reach its hooks through the node request: at creation
 * the metadata is checked (bucket, name, the bucket's and the plan's size limits on Upload-Length,
 * the bucket's types) and the caller's policies asked whether they may write the object (a dry
 * run of its row); when the last byte arrives, the upload becomes an object (finish.ts).
 */

export type ResumableRequest = { ref: string; caller: StorageCaller }

const requests = new WeakMap<IncomingMessage, ResumableRequest>()

/** Hands tus the project and caller of a request it is about to handle. */
export const rememberRequest = (req: IncomingMessage, found: ResumableRequest) => requests.set(req, found)

type TusRequest = { url: string; headers: Headers; runtime?: { node?: { req?: unknown } } }

function requestOf(req: TusRequest): ResumableRequest {
  const node = req.runtime?.node?.req as IncomingMessage | undefined
  const found = node && requests.get(node)
  if (!found) throw new Error('A resumable upload request reached tus without its project and caller')
  return found
}

const TUS_CODES: Record<number, string> = { 404: 'NoSuchUpload', 409: 'InvalidOffset', 410: 'NoSuchUpload', 413: 'EntityTooLarge' }

/** An error as tus answers it: the storage API's JSON error as the body (tus's own errors put in that shape), which tus-js-client shows. */
function tusFailure(error: unknown): { status_code: number; body: string } {
  if (error && typeof error === 'object' && 'status_code' in error && 'body' in error) {
    const { status_code, body } = error as { status_code: number; body: string }
    if (body.startsWith('{')) return { status_code, body }
    const own = new StorageApiError(status_code, TUS_CODES[status_code] ?? (status_code < 500 ? 'InvalidRequest' : 'InternalError'), body.trim())
    return { status_code, body: JSON.stringify(own.toJSON()) }
  }
  let known = error instanceof StorageApiError ? error : storagePostgresError(error)
  if (!known) {
    console.error('[storage] resumable upload failed', error instanceof Error ? error.message : 'unknown error')
    known = new StorageApiError(500, 'InternalError', 'Internal server error')
  }
  return { status_code: known.status, body: JSON.stringify(known.toJSON()) }
}

function guarded<A extends unknown[], T>(fn: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  return async (...args) => {
    try {
      return await fn(...args)
    } catch (error) {
      throw tusFailure(error)
    }
  }
}

async function onUploadCreate(req: TusRequest, upload: Upload): Promise<{ metadata: Upload['metadata'] }> {
  const { ref, caller } = requestOf(req)
  if (upload.sizeIsDeferred) throw invalidRequest('Upload-Length is required: a resumable upload declares its size when it is created')
  const meta = resumableMetadata(upload)
  if (!meta.target.bucket || !meta.target.name) throw invalidRequest('The upload metadata must name the bucket (bucketName) and the object (objectName)')
  const { maxBytes, allowed } = await uploadLimits(ref, meta.target)
  if ((upload.size ?? 0) > maxBytes) throw tooLarge(maxBytes)
  refuseMimeType(meta.contentType, allowed)
  const upsert = req.headers.get('x-upsert')?.trim().toLowerCase() === 'true'
  await checkMayUpload(ref, caller, meta.target, upsert)
  return {
    metadata: { ...upload.metadata, contentType: meta.contentType, cacheControl: meta.cacheControl, upsert: String(upsert), ownerRole: caller.role, ownerSub: subOf(caller) },
  }
}

function createServer(store: ResumableStore): Server {
  return new Server({
    path: '/storage/v1/upload/resumable',
    datastore: store.datastore,
    locker: () => resumableLocker(),
    allowedHeaders: ['apikey', 'authorization', 'x-client-info', 'x-upsert', 'content-type'],
    namingFunction: (req) => `${requestOf(req as TusRequest).ref}/tus/${crypto.randomBytes(16).toString('hex')}`,
    getFileIdFromRequest: (req, last) => (last && UPLOAD_ID_PATTERN.test(last) ? `${requestOf(req as TusRequest).ref}/tus/${last}` : undefined),
    // A relative Location (tus-js-client resolves it against its endpoint): right behind any proxy.
    generateUrl: (req, { id }) => {
      const base = new URL(req.url).pathname.replace(/\/upload\/resumable(\/.*)?$/, '/upload/resumable')
      return `${base}/${id.split('/').pop()}`
    },
    onUploadCreate: guarded(onUploadCreate),
    onUploadFinish: guarded(async (req, upload) => {
      const { ref, caller } = requestOf(req as TusRequest)
      await finishResumable(ref, caller, upload)
      return {}
    }),
    onResponseError: (_req, error) => tusFailure(error),
  })
}

const g = globalThis as typeof globalThis & { __tusServers?: WeakMap<ResumableStore, Server> }
const servers = (g.__tusServers ??= new WeakMap())

/** The tus server of the resumable store in use. */
export function tusServer(): Server {
  const store = resumableStore()
  let server = servers.get(store)
  if (!server) {
    server = createServer(store)
    servers.set(store, server)
  }
  return server
}
