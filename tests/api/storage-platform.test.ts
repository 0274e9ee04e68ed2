import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg } from './projects-helpers'

/**
 * Dashboard → Storage's routes (`/platform/storage/{ref}/buckets/...`): buckets and objects as the
 * project's service role, uploads through signed upload URLs the platform mints (the browser never
 * holds a project key), downloads through short-lived signed or public URLs. On PGlite, and on a
 * Postgres server under scripts/with-postgres.sh.
 */
describe('storage routes of the dashboard', () => {
  let platform: TestPlatform
  let ref: string
  let owner: string
  let reader: string
  const base = () => `/platform/storage/${ref}/buckets`
  const call = (path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
    platform.request(`${base()}${path}`, { token: owner, ...init })

  async function upload(bucket: string, path: string, text: string, type = 'text/plain') {
    const signed = await call(`/${bucket}/objects/upload-url`, { body: { path } })
    expect(signed.status, JSON.stringify(signed.body)).toBe(201)
    return fetch(signed.body.url, { method: 'PUT', body: text, headers: { 'content-type': type } })
  }
  const names = async (bucket: string, prefix = '') =>
    ((await call(`/${bucket}/objects/list`, { body: { prefix } })).body as { name: string; id: string | null }[]).map((e) => (e.id ? e.name : `${e.name}/`))

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const o = await platform.createUser()
    const r = await platform.createUser()
    owner = o.token
    reader = r.token
    const org = await createOrg('free', [[o.id, 'Owner'], [r.id, 'Read-only']])
    ref = (await createActiveProject(platform, owner, org.slug, 'Storage screens')).ref
  }, 120_000)
  afterAll(async () => platform?.close())

  it('creates, reads, changes and lists buckets; refuses bad settings with a message naming them', async () => {
    const made = await call('', { body: { name: 'docs', public: false, file_size_limit: 1024, allowed_mime_types: ['text/*'] } })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body).toMatchObject({ id: 'docs', public: false, file_size_limit: 1024, allowed_mime_types: ['text/*'] })
    expect((await call('', { body: { name: 'docs' } })).status).toBe(409)
    const bad = await call('', { body: { name: 'no spaces', file_size_limit: '1KB', allowed_mime_types: ['png'] } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/name/)
    expect(bad.body.message).toMatch(/allowed_mime_types/)
    expect(bad.body.message).toMatch(/file_size_limit/)
    const changed = await call('/docs', { method: 'PATCH', body: { file_size_limit: null, allowed_mime_types: null } })
    expect(changed.body).toMatchObject({ file_size_limit: null, allowed_mime_types: null })
    const none = await call('/docs', { method: 'PATCH', body: {} })
    expect(none.status).toBe(400)
    expect(none.body.message).toMatch(/at least one of public/)
    expect((await call('/nope')).status).toBe(404)
    expect(((await call('')).body as { id: string }[]).map((b) => b.id)).toEqual(['docs'])
  })

  it('uploads by a signed upload URL and lists one level at a time', async () => {
    expect((await upload('docs', 'notes/a.txt', 'alpha')).status).toBe(200)
    expect((await upload('docs', 'notes/sub/.emptyFolderPlaceholder', '')).status).toBe(200)
    expect((await upload('docs', 'readme.md', '# hi', 'text/markdown')).status).toBe(200)
    expect(await names('docs')).toEqual(['notes/', 'readme.md'])
    expect(await names('docs', 'notes/')).toEqual(['a.txt', 'sub/'])
    // An existing name is refused before any byte is sent; a missing bucket is named.
    const again = await call('/docs/objects/upload-url', { body: { path: 'readme.md' } })
    expect(again.status).toBe(409)
    expect((await call('/docs/objects/upload-url', { body: { path: 'readme.md', upsert: true } })).status).toBe(201)
    expect((await call('/ghost/objects/upload-url', { body: { path: 'a.txt' } })).status).toBe(404)
    expect((await call('/docs/objects/upload-url', { body: { path: 'a//b' } })).body.message).toMatch(/path/)
  })

  it('signs download URLs that serve the bytes and refuses a tampered one; public URLs only for public buckets', async () => {
    const signed = await call('/docs/objects/sign', { body: { path: 'notes/a.txt', expiresIn: 3600 } })
    expect(signed.status).toBe(200)
    expect(signed.body.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${ref}/storage/v1/object/sign/docs/notes/a.txt\\?token=`))
    expect(await (await fetch(signed.body.url)).text()).toBe('alpha')
    const tampered = await fetch(signed.body.url.replace('notes/a.txt', 'readme.md'))
    expect(tampered.status).toBe(400)
    expect((await call('/docs/objects/sign', { body: { path: 'missing.txt', expiresIn: 60 } })).status).toBe(404)
    expect((await call('/docs/objects/sign', { body: { path: 'notes/a.txt', expiresIn: 400 * 24 * 3600 } })).body.message).toMatch(/expiresIn/)

    const priv = await call('/docs/objects/public-url', { body: { path: 'notes/a.txt' } })
    expect(priv.status).toBe(400)
    expect(priv.body.message).toMatch(/private/)
    await call('/docs', { method: 'PATCH', body: { public: true } })
    const pub = await call('/docs/objects/public-url', { body: { path: 'notes/a.txt' } })
    expect(await (await fetch(pub.body.url)).text()).toBe('alpha')
  })

  it('signs thumbnails through the transformation endpoint, at the asked size', async () => {
    expect((await call('', { body: { name: 'pics', public: false } })).status).toBe(201)
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3ecf8e' } }).png().toBuffer()
    const signed = await call('/pics/objects/upload-url', { body: { path: 'photo one.png' } })
    expect((await fetch(signed.body.url, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } })).status).toBe(200)
    const asked = { body: { path: 'photo one.png', expiresIn: 60, transform: { width: 96, height: 96, resize: 'cover' } } }
    // The Free plan includes no transformations: the thumbnail is the image itself.
    const plain = await call('/pics/objects/sign', asked)
    expect(plain.body.url).toMatch(/\/object\/sign\/pics\/photo%20one\.png\?token=/)
    expect((await sharp(Buffer.from(await (await fetch(plain.body.url)).arrayBuffer())).metadata()).width).toBe(640)
    const { getStore } = await import('@/server/db/store')
    await (await getStore()).query(`update platform.organizations set plan_id = 'pro' where id = (select organization_id from platform.projects where ref = $1)`, [ref])
    const thumb = await call('/pics/objects/sign', asked)
    expect(thumb.status, JSON.stringify(thumb.body)).toBe(200)
    expect(thumb.body.url).toMatch(/\/render\/image\/sign\/pics\/photo%20one\.png\?token=/)
    const served = await fetch(thumb.body.url)
    expect(served.status).toBe(200)
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([96, 96])
    const text = await call('/docs/objects/sign', { body: { path: 'notes/a.txt', expiresIn: 60, transform: { width: 96 } } })
    expect((await fetch(text.body.url)).status).toBe(415)
    await (await getStore()).query(`update platform.organizations set plan_id = 'free' where id = (select organization_id from platform.projects where ref = $1)`, [ref])
  })

  it('moves, copies and deletes many objects; their bytes go with them', async () => {
    expect((await call('/docs/objects/move', { body: { from: 'notes/a.txt', to: 'archive/a.txt' } })).status).toBe(204)
    expect((await call('/docs/objects/copy', { body: { from: 'archive/a.txt', to: 'archive/b.txt' } })).status).toBe(201)
    expect((await call('/docs/objects/copy', { body: { from: 'archive/a.txt', to: 'archive/b.txt' } })).status).toBe(409)
    expect((await call('/docs/objects/move', { body: { from: 'gone.txt', to: 'x.txt' } })).status).toBe(404)
    expect(await names('docs', 'archive')).toEqual(['a.txt', 'b.txt'])
    const removed = await call('/docs/objects', { method: 'DELETE', body: { paths: ['archive/a.txt', 'archive/b.txt', 'never.txt'] } })
    expect(removed.body.deleted.sort()).toEqual(['archive/a.txt', 'archive/b.txt'])
    expect(await names('docs', 'archive')).toEqual([])
  })

  it('counts, moves and deletes folders with everything under them, at any depth', async () => {
    expect((await call('', { body: { name: 'tree', public: false } })).status).toBe(201)
    for (const [path, text] of [['a/1.txt', 'one'], ['a/b/2.txt', 'two'], ['a/b/c/3.txt', 'three'], ['a/b/.emptyFolderPlaceholder', ''], ['other/keep.txt', 'kept']])
      expect((await upload('tree', path, text)).status).toBe(200)
    // The placeholder keeping a folder is no file a person would count.
    expect((await call('/tree/objects/folders/count', { body: { prefixes: ['a/'] } })).body).toEqual({ files: 3 })
    expect((await call('/tree/objects/folders/count', { body: { prefixes: ['a', 'a/b'] } })).body).toEqual({ files: 3 })
    expect((await call('/tree/objects/folders/count', { body: { prefixes: ['none'] } })).body).toEqual({ files: 0 })

    expect((await call('/tree/objects/folders/move', { body: { from: 'a', to: 'a/b/inside' } })).status).toBe(400)
    const taken = await call('/tree/objects/folders/move', { body: { from: 'a', to: 'other' } })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toMatch(/other already exists/)
    expect((await call('/tree/objects/folders/move', { body: { from: 'ghost', to: 'g2' } })).status).toBe(404)
    const moved = await call('/tree/objects/folders/move', { body: { from: 'a', to: 'archive/a' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toEqual({ files: 3 })
    expect(await names('tree')).toEqual(['archive/', 'other/'])
    expect(await names('tree', 'archive/a/b')).toEqual(['.emptyFolderPlaceholder', '2.txt', 'c/'])
    const signed = await call('/tree/objects/sign', { body: { path: 'archive/a/b/c/3.txt', expiresIn: 60 } })
    expect(await (await fetch(signed.body.url)).text()).toBe('three')

    const bad = await call('/tree/objects/folders/delete', { body: { prefixes: ['a//b', 7] } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/prefixes/)
    expect((await call('/tree/objects/folders/delete', { body: { prefixes: [] } })).status).toBe(400)
    const noTarget = await call('/tree/objects/folders/move', { body: { from: 'archive' } })
    expect(noTarget.status).toBe(400)
    expect(noTarget.body.message).toMatch(/to/)
    expect((await call('/tree/objects/folders/move', { body: { from: 'archive', to: '/' } })).body.message).toMatch(/folder must not be empty/)
    expect((await call('/tree/objects/folders/delete', { body: { prefixes: ['archive'] }, token: reader })).status).toBe(403)
    const deleted = await call('/tree/objects/folders/delete', { body: { prefixes: ['archive'] } })
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200)
    expect(deleted.body).toEqual({ files: 3 })
    expect(await names('tree')).toEqual(['other/'])
    expect((await fetch(signed.body.url)).status).not.toBe(200)
    expect((await call('/tree/objects/folders/delete', { body: { prefixes: ['archive'] } })).status).toBe(404)
  })

  it('enforces the bucket limits on the signed upload', async () => {
    await call('', { body: { name: 'tiny', file_size_limit: 4, allowed_mime_types: ['image/png'] } })
    const big = await upload('tiny', 'a.png', 'more than four bytes', 'image/png')
    expect(big.status).toBe(413)
    expect((await upload('tiny', 'b.txt', 'ok', 'text/plain')).status).toBe(415)
    expect(await names('tiny')).toEqual([])
  })

  it('lets a Read-only member look but not change anything', async () => {
    const as = (path: string, init: { method?: string; body?: unknown } = {}) => call(path, { ...init, token: reader })
    expect((await as('')).status).toBe(200)
    expect((await as('/docs/objects/list', { body: {} })).status).toBe(200)
    expect((await as('/docs/objects/sign', { body: { path: 'readme.md', expiresIn: 60 } })).status).toBe(200)
    expect((await as('/docs/objects/upload-url', { body: { path: 'r.txt' } })).status).toBe(403)
    expect((await as('/docs/objects', { method: 'DELETE', body: { paths: ['readme.md'] } })).status).toBe(403)
    expect((await as('/docs', { method: 'DELETE' })).status).toBe(403)
  })

  it('empties and deletes buckets', async () => {
    expect((await call('/docs/empty', { body: {} })).status).toBe(204)
    expect(await names('docs')).toEqual([])
    await upload('docs', 'x.txt', 'x')
    expect((await call('/docs', { method: 'DELETE' })).status).toBe(204)
    expect((await call('/docs')).status).toBe(404)
  })
})
