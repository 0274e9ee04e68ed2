import { expect } from 'vitest'
import type { StorageEndpoint } from './endpoints-project-storage'
import { projectCall, type ProjectApiWorld, type ProjectCaller } from './project-api-world'

/**
 * How the walks call the resumable upload lines (tus 1.0, `{url}/storage/v1/upload/resumable`):
 * an upload is created by its caller (the user in walk-private, the others in walk-public, where
 * anon may not write), and continued only by whoever created it, so anon meets the service key's.
 */

const R = '/storage/v1/upload/resumable'
const TUS = { 'Tus-Resumable': '1.0.0' }
const metadata = (bucket: string, name: string) => `bucketName ${Buffer.from(bucket).toString('base64')},objectName ${Buffer.from(name).toString('base64')}`
const bucketOf = (caller: ProjectCaller) => (caller === 'user' ? 'walk-private' : 'walk-public')

/** A new resumable upload of 5 bytes, made by the caller (the service key for anon, who may make none). */
async function openUpload(w: ProjectApiWorld, caller: ProjectCaller): Promise<{ path: string; name: string; bucket: string }> {
  const as = caller === 'user' ? 'user' : 'service'
  const bucket = bucketOf(caller)
  const name = `${w.unique(`tus-${caller}`)}.txt`
  const res = await projectCall(w, as, 'POST', R, { headers: { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': metadata(bucket, name) } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { path: `${R}/${res.headers.get('location')!.split('/').pop()}`, name, bucket }
}

const objectSize = async (w: ProjectApiWorld, bucket: string, name: string) =>
  (await projectCall(w, 'service', 'GET', `/storage/v1/object/info/${bucket}/${name}`)).body?.size ?? null

export const RESUMABLE_ENDPOINTS: StorageEndpoint[] = [
  {
    key: `POST ${R}`,
    bytes: true,
    prepare: (w, caller) => ({ path: R, init: { headers: { ...TUS, 'Upload-Length': '5', 'Upload-Metadata': metadata(bucketOf(caller), `${w.unique(`tus-new-${caller}`)}.txt`) } } }),
    check: (res) => expect(res.headers.get('location')).toMatch(/\/storage\/v1\/upload\/resumable\/[0-9a-f]{32}$/),
  },
  {
    key: `HEAD ${R}/:id`,
    bytes: true,
    prepare: async (w, caller) => ({ path: (await openUpload(w, caller)).path, init: { headers: TUS } }),
    check: (res) => expect([res.headers.get('upload-offset'), res.headers.get('upload-length')]).toEqual(['0', '5']),
  },
  {
    key: `PATCH ${R}/:id`,
    bytes: true,
    prepare: async (w, caller) => {
      const upload = await openUpload(w, caller)
      const headers = { ...TUS, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }
      return { path: upload.path, init: { headers, rawBody: 'hello' }, target: `${upload.bucket}/${upload.name}` }
    },
    // The last byte made the object.
    check: async (_res, w, _c, call) => {
      const [bucket, name] = String(call.target).split('/')
      expect(await objectSize(w, bucket, name)).toBe(5)
    },
  },
  {
    key: `DELETE ${R}/:id`,
    bytes: true,
    prepare: async (w, caller) => ({ path: (await openUpload(w, caller)).path, init: { headers: TUS } }),
    check: async (_res, w, caller, call) => expect((await projectCall(w, caller, 'HEAD', call.path, call.init)).status).toBe(404),
  },
  {
    key: `OPTIONS ${R}`,
    prepare: () => ({ path: R, init: { headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'PATCH' } } }),
    check: (res) => expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('upload-offset'),
  },
]
