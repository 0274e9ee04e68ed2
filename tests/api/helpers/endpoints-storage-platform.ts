import { expect } from 'vitest'
import { allowedInA, type Actor, type EndpointEntry, type World } from './endpoints'

const BASE = '/platform/storage/:ref/buckets'
const SECRET_BYTES = 'alpha storage bytes'

/** A bucket of project A with one object, `docs/a.txt`, made through the routes themselves (upload URL, then PUT). */
async function makeBucket(w: World, name: string): Promise<string> {
  const owner = w.users.owner.token
  const made = await w.platform.request(`/platform/storage/${w.projectA}/buckets`, { token: owner, body: { name } })
  expect(made.status, `bucket ${name}: ${JSON.stringify(made.body)}`).toBe(201)
  await putObject(w, name, 'docs/a.txt', SECRET_BYTES)
  return name
}

/** Uploads `text` as `path` by a signed upload URL minted for the Owner. */
export async function putObject(w: World, bucket: string, path: string, text: string): Promise<void> {
  const signed = await w.platform.request(`/platform/storage/${w.projectA}/buckets/${bucket}/objects/upload-url`, { token: w.users.owner.token, body: { path } })
  expect(signed.status, JSON.stringify(signed.body)).toBe(201)
  const put = await fetch(signed.body.url, { method: 'PUT', body: text, headers: { 'content-type': 'text/plain' } })
  expect(put.status, await put.clone().text()).toBe(200)
  // The storage API meters the request's egress in the background: written now, not during a walk that compares the store.
  const { flushMetering } = await import('@/server/billing/metering')
  await flushMetering()
}

const bucketsOfA = new WeakMap<World, Promise<string>>()
const safe = (text: string) => text.toLowerCase().replace(/[^a-z0-9_.-]/g, '-')

/** A's own bucket, made once per world: refused callers aim at it and must change nothing. */
function bucketOfA(w: World): Promise<string> {
  let bucket = bucketsOfA.get(w)
  if (!bucket) {
    bucket = makeBucket(w, safe(w.unique('alpha-bucket')))
    bucketsOfA.set(w, bucket)
  }
  return bucket
}

/** A's bucket for callers who must be refused; a disposable one for those allowed to write. */
async function bucketFor(w: World, actor: Actor): Promise<string> {
  return allowedInA(actor, 'Developer') ? makeBucket(w, safe(w.unique(`bucket-of-${actor}`))) : bucketOfA(w)
}

const publicBucketsOfA = new WeakMap<World, Promise<string>>()

/** A public bucket of A (for the public URL). */
function publicBucketOfA(w: World): Promise<string> {
  let bucket = publicBucketsOfA.get(w)
  if (!bucket) {
    const name = safe(w.unique('alpha-public'))
    bucket = makeBucket(w, name).then(async () => {
      const res = await w.platform.request(`/platform/storage/${w.projectA}/buckets/${name}`, { method: 'PATCH', token: w.users.owner.token, body: { public: true } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return name
    })
    publicBucketsOfA.set(w, bucket)
  }
  return bucket
}

const onBucket = (w: World, id: string) => ({ ref: w.projectA, id })

/** Dashboard → Storage's routes, walked by the authorization and bad-input suites; tests/api/storage-platform.test.ts checks them. */
export const STORAGE_PLATFORM_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: BASE,
    mode: 'read',
    prepare: async (w) => {
      await bucketOfA(w)
      return { params: { ref: w.projectA } }
    },
    check: async (res, w) => expect((res.body as { id: string }[]).map((b) => b.id)).toContain(await bucketOfA(w)),
  },
  {
    method: 'POST',
    pattern: BASE,
    mode: 'write',
    takesBody: true,
    required: ['name'],
    prepare: (w, actor) => ({ params: { ref: w.projectA }, body: { name: safe(w.unique(`made-by-${actor}`)), public: false, file_size_limit: 1024 * 1024 } }),
    check: (res) => expect(res.body).toMatchObject({ public: false, file_size_limit: 1024 * 1024 }),
  },
  {
    method: 'GET',
    pattern: `${BASE}/:id`,
    mode: 'read',
    prepare: async (w) => ({ params: onBucket(w, await bucketOfA(w)) }),
    check: async (res, w) => expect(res.body).toMatchObject({ id: await bucketOfA(w), public: false }),
  },
  {
    method: 'PATCH',
    pattern: `${BASE}/:id`,
    mode: 'write',
    takesBody: true,
    needsSome: true,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { public: true, allowed_mime_types: ['text/plain'] } }),
    check: (res) => expect(res.body).toMatchObject({ public: true, allowed_mime_types: ['text/plain'] }),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/:id`,
    mode: 'write',
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)) }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/empty`,
    mode: 'write',
    success: 204,
    takesBody: true,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: {} }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/list`,
    mode: 'read',
    takesBody: true,
    success: 200,
    prepare: async (w) => ({ params: onBucket(w, await bucketOfA(w)), body: { prefix: 'docs', limit: 10 } }),
    check: (res) => expect((res.body as { name: string }[]).map((e) => e.name)).toEqual(['a.txt']),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/sign`,
    mode: 'read',
    takesBody: true,
    required: ['path', 'expiresIn'],
    success: 200,
    prepare: async (w) => ({ params: onBucket(w, await bucketOfA(w)), body: { path: 'docs/a.txt', expiresIn: 60 } }),
    check: async (res) => expect(await (await fetch(res.body.url)).text()).toBe(SECRET_BYTES),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/public-url`,
    mode: 'read',
    takesBody: true,
    required: ['path'],
    success: 200,
    prepare: async (w) => ({ params: onBucket(w, await publicBucketOfA(w)), body: { path: 'docs/a.txt' } }),
    check: async (res) => expect(await (await fetch(res.body.url)).text()).toBe(SECRET_BYTES),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/move`,
    mode: 'write',
    takesBody: true,
    required: ['from', 'to'],
    success: 204,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { from: 'docs/a.txt', to: 'moved/a.txt' } }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/copy`,
    mode: 'write',
    takesBody: true,
    required: ['from', 'to'],
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { from: 'docs/a.txt', to: 'copied/a.txt' } }),
  },
  {
    method: 'DELETE',
    pattern: `${BASE}/:id/objects`,
    mode: 'write',
    takesBody: true,
    required: ['paths'],
    success: 200,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { paths: ['docs/a.txt'] } }),
    check: (res) => expect(res.body).toEqual({ deleted: ['docs/a.txt'] }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/folders/count`,
    mode: 'read',
    takesBody: true,
    required: ['prefixes'],
    success: 200,
    prepare: async (w) => ({ params: onBucket(w, await bucketOfA(w)), body: { prefixes: ['docs'] } }),
    check: (res) => expect(res.body).toEqual({ files: 1 }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/folders/delete`,
    mode: 'write',
    takesBody: true,
    required: ['prefixes'],
    success: 200,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { prefixes: ['docs'] } }),
    check: (res) => expect(res.body).toEqual({ files: 1 }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/folders/move`,
    mode: 'write',
    takesBody: true,
    required: ['from', 'to'],
    success: 200,
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { from: 'docs', to: 'archive/docs' } }),
    check: (res) => expect(res.body).toEqual({ files: 1 }),
  },
  {
    method: 'POST',
    pattern: `${BASE}/:id/objects/upload-url`,
    mode: 'write',
    takesBody: true,
    required: ['path'],
    prepare: async (w, actor) => ({ params: onBucket(w, await bucketFor(w, actor)), body: { path: `uploads/${actor}.txt` } }),
    check: (res) => expect(res.body.url).toMatch(/\/storage\/v1\/object\/upload\/sign\/.+\?token=/),
  },
]
