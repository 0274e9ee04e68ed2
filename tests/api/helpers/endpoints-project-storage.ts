import { expect } from 'vitest'
import type { PreparedCall, ProjectEndpoint } from './endpoints-project-api'
import { RESUMABLE_ENDPOINTS } from './endpoints-project-resumable'
import { ownerSql, projectCall, SIGNED_UPLOAD_FOLDER, type ProjectApiWorld, type ProjectCaller, type ProjectResponse } from './project-api-world'

/**
 * How the walks call each storage line of `expected-project-api.ts` (`{url}/storage/v1`): the
 * fixtures each needs (buckets and objects made with the service key, or the user's own objects
 * for the user), and what a success or a refusal leaves. `bytes` lines take the object's bytes,
 * not JSON, so the bad-input walk's broken JSON bodies are not fed to them.
 */

const S = '/storage/v1'
const ok = (res: ProjectResponse) => res.status < 300
const text = { 'Content-Type': 'text/plain' }
const preflight = { headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } }

/** A new object with the service key (owner none), or the user's own (in walk-private) when `caller` is the user. */
async function storedObject(w: ProjectApiWorld, caller: ProjectCaller, bucket = caller === 'user' ? 'walk-private' : 'walk-public'): Promise<{ bucket: string; name: string }> {
  const name = `${w.unique(`obj-${caller}`)}.txt`
  const as = caller === 'user' ? 'user' : 'service'
  const res = await projectCall(w, as, 'POST', `${S}/object/${bucket}/${name}`, { rawBody: `bytes of ${name}`, headers: text })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { bucket, name }
}

/** A new private bucket (service key). */
async function storedBucket(w: ProjectApiWorld): Promise<string> {
  const id = w.unique('bucket')
  const res = await projectCall(w, 'service', 'POST', `${S}/bucket`, { body: { id, name: id, public: false } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return id
}

const objectRow = async (w: ProjectApiWorld, bucket: string, name: string) =>
  (await ownerSql(w, `select name, owner, (metadata->>'size')::int as size from storage.objects where bucket_id = '${bucket}' and name = '${name.replace(/'/g, "''")}'`))[0]
const bucketRow = async (w: ProjectApiWorld, id: string) => (await ownerSql(w, `select id, public from storage.buckets where id = '${id}'`))[0]

/** A target object for a write: the user's own for the user, a public one anon may read but not change for the others. */
const target = (w: ProjectApiWorld, caller: ProjectCaller) => storedObject(w, caller)
const at = (o: { bucket: string; name: string }, prefix = '/object') => `${S}${prefix}/${o.bucket}/${o.name}`

export type StorageEndpoint = ProjectEndpoint & { bytes?: true }

export const STORAGE_ENDPOINTS: StorageEndpoint[] = [
  { key: 'GET /storage/v1/bucket', prepare: () => ({ path: `${S}/bucket` }), check: (res) => expect(res.body.map((b: { id: string }) => b.id)).toContain('walk-public') },
  { key: 'GET /storage/v1/bucket/:id', prepare: () => ({ path: `${S}/bucket/walk-public` }), check: (res) => expect(res.body).toMatchObject({ id: 'walk-public', public: true }) },
  {
    key: 'POST /storage/v1/bucket',
    checkRefusals: true,
    prepare: (w, caller) => {
      const id = w.unique(`made-${caller}`)
      return { path: `${S}/bucket`, init: { body: { name: id, public: true } }, target: id }
    },
    check: async (res, w, _c, call) => expect(Boolean(await bucketRow(w, call.target as string))).toBe(ok(res)),
  },
  {
    key: 'PUT /storage/v1/bucket/:id',
    checkRefusals: true,
    prepare: async (w) => {
      const id = await storedBucket(w)
      return { path: `${S}/bucket/${id}`, init: { body: { public: true } }, target: id }
    },
    check: async (res, w, _c, call) => expect((await bucketRow(w, call.target as string)).public).toBe(ok(res)),
  },
  {
    key: 'POST /storage/v1/bucket/:id/empty',
    prepare: async (w, caller) => {
      // A bucket of its own: a user's emptying takes all their objects in it, which other lines' fixtures must not be.
      const bucket = await storedBucket(w)
      const o = await storedObject(w, caller === 'user' ? 'user' : 'service', bucket)
      return { path: `${S}/bucket/${bucket}/empty`, init: { body: {} }, target: `${bucket}/${o.name}` }
    },
    check: async (_res, w, caller, call) => {
      const [bucket, name] = String(call.target).split('/')
      // anon may delete nothing; the user's own object and the service's are gone.
      expect(Boolean(await objectRow(w, bucket, name))).toBe(caller === 'anon')
    },
  },
  {
    key: 'DELETE /storage/v1/bucket/:id',
    checkRefusals: true,
    prepare: async (w) => {
      const id = await storedBucket(w)
      return { path: `${S}/bucket/${id}`, target: id }
    },
    check: async (res, w, _c, call) => expect(Boolean(await bucketRow(w, call.target as string))).toBe(!ok(res)),
  },
  {
    key: 'POST /storage/v1/object/sign/:bucket/*path',
    prepare: () => ({ path: `${S}/object/sign/walk-public/shared.txt`, init: { body: { expiresIn: 60 } } }),
    check: async (res, w) => {
      const signed = await fetch(`${w.platform.projectUrl(w.ref)}${S}${res.body.signedURL}`)
      expect([signed.status, await signed.text()]).toEqual([200, 'shared bytes'])
    },
  },
  {
    key: 'POST /storage/v1/object/sign/:bucket',
    prepare: () => ({ path: `${S}/object/sign/walk-public`, init: { body: { expiresIn: 60, paths: ['shared.txt', 'none.txt'] } } }),
    check: (res) => expect(res.body.map((e: { path: string; signedURL: string | null }) => [e.path, e.signedURL !== null])).toEqual([['shared.txt', true], ['none.txt', false]]),
  },
  {
    key: 'GET /storage/v1/object/sign/:bucket/*path',
    prepare: async (w) => {
      const res = await projectCall(w, 'service', 'POST', `${S}/object/sign/walk-public/shared.txt`, { body: { expiresIn: 600 } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const [path, query] = String(res.body.signedURL).split('?')
      return { path: `${S}${path}`, init: { query: `?${query}` } }
    },
    check: (res) => expect(res.body).toBe('shared bytes'),
  },
  {
    key: 'POST /storage/v1/object/upload/sign/:bucket/*path',
    prepare: (w, caller) => ({ path: `${S}/object/upload/sign/walk-private/${w.unique(`upload-url-${caller}`)}.txt`, init: { body: {} } }),
    check: (res) => expect(res.body).toMatchObject({ url: expect.stringContaining('?token='), token: expect.any(String) }),
  },
  {
    key: 'PUT /storage/v1/object/upload/sign/:bucket/*path',
    bytes: true,
    prepare: async (w, caller): Promise<PreparedCall> => {
      const name = `${SIGNED_UPLOAD_FOLDER}/${w.unique(`by-url-${caller}`)}.txt`
      const res = await projectCall(w, 'service', 'POST', `${S}/object/upload/sign/walk-public/${name}`, { body: {} })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const [path, query] = String(res.body.url).split('?')
      return { path: `${S}${path}`, init: { query: `?${query}`, rawBody: 'sent by url', headers: text }, target: name }
    },
    check: async (_res, w, _c, call) => expect((await objectRow(w, 'walk-public', call.target as string))?.size).toBe('sent by url'.length),
  },
  { key: 'GET /storage/v1/object/public/:bucket/*path', prepare: () => ({ path: `${S}/object/public/walk-public/shared.txt` }), check: (res) => expect(res.body).toBe('shared bytes') },
  {
    key: 'POST /storage/v1/object/list/:bucket',
    prepare: () => ({ path: `${S}/object/list/walk-public`, init: { body: { prefix: '', limit: 1000 } } }),
    check: (res) => expect(res.body.map((e: { name: string }) => e.name)).toContain('shared.txt'),
  },
  {
    key: 'POST /storage/v1/object/list-v2/:bucket',
    prepare: () => ({ path: `${S}/object/list-v2/walk-public`, init: { body: { prefix: '', with_delimiter: true } } }),
    check: (res) => expect(res.body.objects.map((e: { name: string }) => e.name)).toContain('shared.txt'),
  },
  {
    key: 'POST /storage/v1/object/move',
    checkRefusals: true,
    prepare: async (w, caller) => {
      const from = await target(w, caller)
      return { path: `${S}/object/move`, init: { body: { bucketId: from.bucket, sourceKey: from.name, destinationKey: `moved-${from.name}` } }, target: `${from.bucket}/${from.name}` }
    },
    check: async (res, w, _c, call) => {
      const [bucket, name] = String(call.target).split('/')
      expect([Boolean(await objectRow(w, bucket, name)), Boolean(await objectRow(w, bucket, `moved-${name}`))]).toEqual([!ok(res), ok(res)])
    },
  },
  {
    key: 'POST /storage/v1/object/copy',
    checkRefusals: true,
    prepare: async (w, caller) => {
      const from = await target(w, caller)
      return { path: `${S}/object/copy`, init: { body: { bucketId: from.bucket, sourceKey: from.name, destinationKey: `copy-${from.name}` } }, target: `${from.bucket}/${from.name}` }
    },
    check: async (res, w, caller, call) => {
      const [bucket, name] = String(call.target).split('/')
      const copy = await objectRow(w, bucket, `copy-${name}`)
      expect(Boolean(copy)).toBe(ok(res))
      if (copy) expect(copy.owner).toBe(caller === 'user' ? w.user.id : null)
    },
  },
  { key: 'GET /storage/v1/object/info/:bucket/*path', prepare: () => ({ path: `${S}/object/info/walk-public/shared.txt` }), check: (res) => expect(res.body).toMatchObject({ name: 'shared.txt', size: 12 }) },
  { key: 'GET /storage/v1/object/authenticated/:bucket/*path', prepare: () => ({ path: `${S}/object/authenticated/walk-public/shared.txt` }), check: (res) => expect(res.body).toBe('shared bytes') },
  { key: 'GET /storage/v1/object/:bucket/*path', prepare: () => ({ path: `${S}/object/walk-public/shared.txt` }), check: (res) => expect(res.body).toBe('shared bytes') },
  {
    key: 'POST /storage/v1/object/:bucket/*path',
    bytes: true,
    checkRefusals: true,
    prepare: (w, caller) => {
      const bucket = caller === 'user' ? 'walk-private' : 'walk-public'
      const name = `${w.unique(`upload-${caller}`)}.txt`
      return { path: `${S}/object/${bucket}/${name}`, init: { rawBody: 'uploaded', headers: text }, target: `${bucket}/${name}` }
    },
    check: async (res, w, caller, call) => {
      const [bucket, name] = String(call.target).split('/')
      const row = await objectRow(w, bucket, name)
      expect(Boolean(row)).toBe(ok(res))
      if (row) expect(row).toMatchObject({ size: 8, owner: caller === 'user' ? w.user.id : null })
    },
  },
  {
    key: 'PUT /storage/v1/object/:bucket/*path',
    bytes: true,
    checkRefusals: true,
    prepare: async (w, caller) => {
      const o = await target(w, caller)
      return { path: at(o), init: { rawBody: 'replaced bytes', headers: text }, target: `${o.bucket}/${o.name}` }
    },
    check: async (res, w, _c, call) => {
      const [bucket, name] = String(call.target).split('/')
      expect((await objectRow(w, bucket, name)).size).toBe(ok(res) ? 'replaced bytes'.length : `bytes of ${name}`.length)
    },
  },
  {
    key: 'DELETE /storage/v1/object/:bucket/*path',
    checkRefusals: true,
    prepare: async (w, caller) => {
      const o = await target(w, caller)
      return { path: at(o), target: `${o.bucket}/${o.name}` }
    },
    check: async (res, w, _c, call) => {
      const [bucket, name] = String(call.target).split('/')
      expect(Boolean(await objectRow(w, bucket, name))).toBe(!ok(res))
    },
  },
  {
    key: 'DELETE /storage/v1/object/:bucket',
    prepare: async (w, caller) => {
      const o = await target(w, caller)
      return { path: `${S}/object/${o.bucket}`, init: { body: { prefixes: [o.name] } }, target: `${o.bucket}/${o.name}` }
    },
    check: async (res, w, caller, call) => {
      const [bucket, name] = String(call.target).split('/')
      const gone = caller !== 'anon'
      expect(res.body.map((o: { name: string }) => o.name)).toEqual(gone ? [name] : [])
      expect(Boolean(await objectRow(w, bucket, name))).toBe(!gone)
    },
  },
  {
    key: 'HEAD /storage/v1/object/authenticated/:bucket/*path',
    prepare: () => ({ path: `${S}/object/authenticated/walk-public/shared.txt` }),
    check: (res) => expect([res.headers.get('content-length'), res.body]).toEqual(['12', undefined]),
  },
  ...RESUMABLE_ENDPOINTS,
  { key: 'OPTIONS /storage/v1/bucket', prepare: () => ({ path: `${S}/bucket`, init: preflight }), check: (res) => expect(res.headers.get('access-control-allow-headers')).toContain('x-upsert') },
]
