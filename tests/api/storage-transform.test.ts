import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { colourAt, imageInfo, stripedImage } from './helpers/images'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 13: image transformations of a project's storage (`{url}/storage/v1/render/image/...`)
 * driven by the real supabase-js: sizes and resize modes read back with sharp, format and quality,
 * public and signed transform URLs (a changed transformation refused), policies deciding as for a
 * download, non-images and bad options refused, the cache shared through the platform store (a
 * second request renders nothing), and metering of distinct origin images.
 */

class NoWebSocket {}

const PASSWORD = 'transform test password 1'
type Transform = { width?: number; height?: number; resize?: 'cover' | 'contain' | 'fill'; quality?: number; format?: 'origin' }

describe('image transformations with supabase-js', () => {
  let platform: TestPlatform
  let ref: string
  let ownerToken: string
  let orgSlug: string
  let service: SupabaseClient
  let alice: { id: string; client: SupabaseClient }
  let bob: { id: string; client: SupabaseClient }
  let png: Buffer
  /** The origin images transformed so far (bucket/name): what metering must count. */
  const transformed = new Set<string>()
  const projectUrl = () => `${platform.projectUrl(ref)}`
  const client = (key: string) =>
    createClient(projectUrl(), key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } })
  const store = async () => (await import('@/server/db/store')).getStore()
  const renders = async () => (await import('@/server/storage/transform/render')).renderCount()
  const cacheRows = async (name: string) =>
    (await (await store()).query<{ origin_version: string; options: string; version: string }>(
      'select origin_version, options, version from platform.storage_transform_cache where project_ref = $1 and name = $2 order by options', [ref, name])).rows

  async function download(who: SupabaseClient, bucket: string, path: string, transform: Transform) {
    const { data, error } = await who.storage.from(bucket).download(path, { transform })
    if (!error) transformed.add(`${bucket}/${path}`)
    return { bytes: data ? await data.arrayBuffer() : null, error: error as { status?: number; statusCode?: string; message: string } | null }
  }

  async function upload(who: SupabaseClient, bucket: string, path: string, bytes: Buffer | string, contentType: string, upsert = false) {
    const { error } = await who.storage.from(bucket).upload(path, new Blob([bytes as BlobPart], { type: contentType }), { contentType, upsert })
    expect(error).toBeNull()
  }

  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers })

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const owner = await platform.createUser()
    ownerToken = owner.token
    orgSlug = (await createOrg('pro', [[owner.id, 'Owner']])).slug
    ref = (await createActiveProject(platform, owner.token, orgSlug, 'Transform')).ref
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    const keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    service = client(keys.service_role)
    const made = await sql(platform, owner.token, ref, `
      create policy own_insert on storage.objects for insert to authenticated with check (bucket_id = 'photos' and owner = auth.uid());
      create policy own_read on storage.objects for select to authenticated using (bucket_id = 'photos' and owner = auth.uid());`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    for (const [id, isPublic] of [['photos', false], ['pub', true]] as const) expect((await service.storage.createBucket(id, { public: isPublic })).error).toBeNull()
    const signedIn = async (email: string) => {
      expect((await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull()
      const c = client(keys.anon)
      const { data, error } = await c.auth.signInWithPassword({ email, password: PASSWORD })
      expect(error).toBeNull()
      return { id: data.user!.id, client: c }
    }
    alice = await signedIn('alice@transform.example')
    bob = await signedIn('bob@transform.example')
    png = await stripedImage()
    await upload(alice.client, 'photos', `${alice.id}/striped.png`, png, 'image/png')
    await upload(service, 'pub', 'striped.png', png, 'image/png')
    await upload(service, 'pub', 'striped.jpg', await stripedImage(400, 300, 50, 'jpeg'), 'image/jpeg')
    await upload(service, 'pub', 'notes.txt', 'not an image', 'text/plain')
    await upload(service, 'pub', 'fake.png', 'text dressed as a PNG', 'image/png')
  }, 120_000)
  afterAll(async () => platform?.close())

  it('gives a transformed image the asked size, cropping (cover), padding (contain) or stretching (fill)', async () => {
    const path = `${alice.id}/striped.png`
    const cover = await download(alice.client, 'photos', path, { width: 100, height: 100 })
    expect(cover.error).toBeNull()
    expect(await imageInfo(cover.bytes!)).toEqual({ format: 'png', width: 100, height: 100 })
    // The 400×300 origin cropped to its middle 300×300: the stripe (its left 50 columns) is cut off.
    expect([await colourAt(cover.bytes!, 2, 50), await colourAt(cover.bytes!, 50, 2)]).toEqual(['red', 'red'])

    const contain = await download(alice.client, 'photos', path, { width: 100, height: 100, resize: 'contain' })
    expect(await imageInfo(contain.bytes!)).toMatchObject({ width: 100, height: 100 })
    // Scaled to 100×75 and padded above and below: transparent at the top, the stripe kept.
    expect([await colourAt(contain.bytes!, 50, 2), await colourAt(contain.bytes!, 2, 50)]).toEqual(['transparent', 'green'])

    const fill = await download(alice.client, 'photos', path, { width: 100, height: 40, resize: 'fill' })
    expect(await imageInfo(fill.bytes!)).toMatchObject({ width: 100, height: 40 })
    expect([await colourAt(fill.bytes!, 2, 2), await colourAt(fill.bytes!, 50, 2)]).toEqual(['green', 'red'])

    const widthOnly = await download(alice.client, 'photos', path, { width: 200 })
    expect(await imageInfo(widthOnly.bytes!)).toMatchObject({ width: 200, height: 150 })
  })

  it('keeps the origin format or converts it (WebP when the client accepts it), and applies quality', async () => {
    const origin = await download(service, 'pub', 'striped.jpg', { width: 120, format: 'origin' })
    expect(await imageInfo(origin.bytes!)).toMatchObject({ format: 'jpeg', width: 120 })
    const base = `${projectUrl()}/storage/v1/render/image/public/pub/striped.jpg?width=300`
    const webp = await get(base, { Accept: 'image/webp,image/*' })
    expect([webp.status, webp.headers.get('content-type')]).toEqual([200, 'image/webp'])
    expect(await imageInfo(await webp.arrayBuffer())).toMatchObject({ format: 'webp', width: 300 })
    expect((await get(base, { Accept: '*/*' })).headers.get('content-type')).toBe('image/jpeg')
    expect((await get(`${base}&format=avif`)).headers.get('content-type')).toBe('image/avif')
    const low = await (await get(`${base}&quality=20`)).arrayBuffer()
    const high = await (await get(`${base}&quality=100`)).arrayBuffer()
    expect(low.byteLength).toBeLessThan(high.byteLength)
    transformed.add('pub/striped.jpg')
  })

  it('transforms the image its bytes are, whatever type it was stored with, and answers X-Transformations as the anchor', async () => {
    // supabase-js stores a Buffer uploaded with no content type as text/plain; the anchor still transforms it.
    const { error } = await service.storage.from('pub').upload('untyped.jpg', await stripedImage(400, 300, 50, 'jpeg'))
    expect(error).toBeNull()
    expect((await service.storage.from('pub').info('untyped.jpg')).data?.contentType).toMatch(/^text\/plain/)
    const res = await get(`${projectUrl()}/storage/v1/render/image/public/pub/untyped.jpg?width=200&height=200&quality=60`)
    expect([res.status, res.headers.get('content-type'), res.headers.get('x-transformations')]).toEqual([200, 'image/jpeg', 'height:200,width:200,resizing_type:fill,quality:60'])
    expect(await imageInfo(await res.arrayBuffer())).toEqual({ format: 'jpeg', width: 200, height: 200 })
    transformed.add('pub/untyped.jpg')
    const contain = await get(`${projectUrl()}/storage/v1/render/image/public/pub/untyped.jpg?width=50&resize=contain&format=origin`)
    expect(contain.headers.get('x-transformations')).toBe('width:50,resizing_type:fit')
  })

  it('serves public transform URLs of a public bucket only', async () => {
    const { data } = service.storage.from('pub').getPublicUrl('striped.png', { transform: { width: 50, height: 50 } })
    expect(data.publicUrl).toContain('/render/image/public/pub/striped.png?')
    const res = await get(data.publicUrl)
    expect(res.status).toBe(200)
    expect(await imageInfo(await res.arrayBuffer())).toMatchObject({ width: 50, height: 50 })
    transformed.add('pub/striped.png')
    const hidden = await get(`${projectUrl()}/storage/v1/render/image/public/photos/${alice.id}/striped.png?width=50`)
    expect([hidden.status, (await hidden.json()).code]).toEqual([404, 'NoSuchBucket'])
  })

  it('binds a signed transform URL to its transformation: a changed one is refused', async () => {
    const path = `${alice.id}/striped.png`
    const { data, error } = await alice.client.storage.from('photos').createSignedUrl(path, 60, { transform: { width: 60, height: 40, resize: 'fill' } })
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain('/render/image/sign/photos/')
    const res = await get(data!.signedUrl)
    expect(res.status).toBe(200)
    expect(await imageInfo(await res.arrayBuffer())).toMatchObject({ width: 60, height: 40 })
    const widened = await get(`${data!.signedUrl}&width=2000`)
    expect([widened.status, (await widened.json()).message]).toEqual([400, expect.stringContaining('transformation was changed (width)')])
    // The token's claims rewritten (a wider transform) no longer verify.
    const url = new URL(data!.signedUrl)
    const [head, payload, signature] = url.searchParams.get('token')!.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    claims.transform.width = 2000
    url.searchParams.set('token', [head, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.'))
    const forged = await get(url.toString())
    expect([forged.status, (await forged.json()).code]).toEqual([400, 'InvalidJWT'])
    // A plain download URL's token is not a render URL's.
    const plain = await alice.client.storage.from('photos').createSignedUrl(path, 60)
    const token = new URL(plain.data!.signedUrl).searchParams.get('token')
    const reused = await get(`${projectUrl()}/storage/v1/render/image/sign/photos/${path}?token=${token}`)
    expect([reused.status, (await reused.json()).code]).toEqual([400, 'InvalidSignature'])
  })

  it("refuses a private object's transformation to a user the policy forbids, rendering nothing", async () => {
    const before = await renders()
    const refused = await download(bob.client, 'photos', `${alice.id}/striped.png`, { width: 77 })
    expect(refused.error).toMatchObject({ status: 404 })
    const anonymous = await get(`${projectUrl()}/storage/v1/render/image/authenticated/photos/${alice.id}/striped.png?width=77`)
    expect(anonymous.status).toBe(401)
    expect(await renders()).toBe(before)
  })

  it('refuses non-images and bad options with a 4xx naming the problem', async () => {
    const base = `${projectUrl()}/storage/v1/render/image/public/pub`
    const cases: [string, number, string][] = [
      [`${base}/notes.txt?width=10`, 415, 'only images can be transformed'],
      [`${base}/fake.png?width=10`, 415, 'could not be read as an image'],
      [`${base}/striped.png?width=0`, 400, 'width'],
      [`${base}/striped.png?height=2501`, 400, 'at most 2500 pixels'],
      [`${base}/striped.png?width=ten`, 400, 'width'],
      [`${base}/striped.png?quality=10`, 400, 'quality'],
      [`${base}/striped.png?resize=stretch`, 400, 'resize'],
      [`${base}/striped.png?format=bmp`, 400, 'format'],
      [`${base}/none.png?width=10`, 404, 'object not found'],
    ]
    for (const [url, status, words] of cases) {
      const res = await get(url)
      const body = await res.json()
      expect([url, res.status, body.statusCode, String(body.message).toLowerCase()]).toEqual([url, status, String(status), expect.stringContaining(words.toLowerCase())])
    }
  })

  it('renders a (version, options) once: the second request comes from the shared cache; a new version renders again', async () => {
    await upload(service, 'pub', 'cached.png', png, 'image/png')
    const url = `${projectUrl()}/storage/v1/render/image/public/pub/cached.png?width=64&height=48`
    const before = await renders()
    const first = await get(url)
    expect([first.status, first.headers.get('x-transform-cache')]).toEqual([200, 'miss'])
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const second = await get(url)
    expect([second.status, second.headers.get('x-transform-cache')]).toEqual([200, 'hit'])
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true)
    // Another instance on the same store finds it too (the cache is the store's, not a process's).
    const peer = await platform.startPeer()
    try {
      const fromPeer = await get(url.replace(platform.projectApiOrigin, peer.projectApiOrigin))
      expect([fromPeer.status, fromPeer.headers.get('x-transform-cache')]).toEqual([200, 'hit'])
    } finally {
      await peer.close()
    }
    expect(await renders()).toBe(before + 1)
    const [row] = await cacheRows('cached.png')
    expect(row).toMatchObject({ options: 'w=64&h=48&r=cover&q=80&f=png' })
    // The object replaced: its new version renders again, and the old version's output goes.
    await upload(service, 'pub', 'cached.png', await stripedImage(200, 200), 'image/png', true)
    const third = await get(url)
    expect(third.headers.get('x-transform-cache')).toBe('miss')
    expect(await renders()).toBe(before + 2)
    const rows = await cacheRows('cached.png')
    expect(rows).toHaveLength(1)
    expect(rows[0].origin_version).not.toBe(row.origin_version)
    const { byteStore } = await import('@/server/storage/byte-store-in-use')
    const { cacheNamespace } = await import('@/server/storage/transform/cache')
    expect(await byteStore().read(cacheNamespace(ref), row.version)).toBeNull()
    transformed.add('pub/cached.png')
    // Removed: the sweep drops what the cache kept of it; the project's own sweep leaves the cache alone.
    const kept = rows[0].version
    expect((await service.storage.from('pub').remove(['cached.png'])).error).toBeNull()
    const { sweepOrphans } = await import('@/server/storage/sweep')
    await sweepOrphans(ref, -60_000)
    const { sweepTransformCache } = await import('@/server/storage/transform/cache-sweep')
    expect((await cacheRows('striped.png')).length).toBeGreaterThan(0)
    expect(await sweepTransformCache(ref)).toMatchObject({ outputs: 1 })
    expect(await cacheRows('cached.png')).toEqual([])
    expect(await byteStore().read(cacheNamespace(ref), kept)).toBeNull()
    const stillCached = await byteStore().read(cacheNamespace(ref), (await cacheRows('striped.png'))[0].version)
    expect(stillCached).not.toBeNull()
    stillCached?.stream.destroy()
  })

  it('refuses transformations on the Free plan, which includes none, naming the plan', async () => {
    const setPlan = async (plan: string) => (await store()).query('update platform.organizations set plan_id = $1 where slug = $2', [plan, orgSlug])
    await setPlan('free')
    try {
      const refused = await download(alice.client, 'photos', `${alice.id}/striped.png`, { width: 50 })
      expect(refused.error?.message).toMatch(/not included in the Free plan/)
      const signing = await service.storage.from('pub').createSignedUrl('striped.png', 60, { transform: { width: 50 } })
      expect(signing.error?.message).toMatch(/not included in the Free plan/)
      expect((await get(`${projectUrl()}/storage/v1/render/image/public/pub/striped.png?width=50`)).status).toBe(403)
      // The image itself is still served.
      expect((await service.storage.from('pub').download('striped.png')).error).toBeNull()
    } finally {
      await setPlan('pro')
    }
    expect((await download(alice.client, 'photos', `${alice.id}/striped.png`, { width: 50 })).error).toBeNull()
  })

  it('meters the distinct origin images transformed on the usage page, and logs each transformation', async () => {
    const { flushTransformMetering } = await import('@/server/billing/transform-metering')
    await flushTransformMetering()
    const usage = await platform.request(`/platform/organizations/${orgSlug}/usage`, { token: ownerToken })
    expect(usage.status).toBe(200)
    const metric = usage.body.usages.find((u: { metric: string }) => u.metric === 'STORAGE_IMAGES_TRANSFORMED')
    expect(transformed.size).toBe(5)
    expect(metric).toMatchObject({ usage: transformed.size, quota: 100, source: 'measured', exceeded: false })
    const { flushLogEvents } = await import('@/server/logs/recorder')
    await flushLogEvents()
    const { rows } = await (await store()).query<{ event_message: string }>(
      `select l.event_message from platform.project_logs l join platform.projects p on p.id = l.project_id where p.ref = $1 and l.source = 'storage_logs'`,
      [ref]
    )
    const lines = rows.map((r) => r.event_message).join('\n')
    expect(lines).toMatch(/GET \| 200 \| .*\/storage\/v1\/render\/image\/public\/pub\/striped\.png/)
    expect(lines).not.toMatch(/token=/)
  })

  it("drops the project's cached transformations when the project is removed", async () => {
    expect((await (await store()).query('select 1 from platform.storage_transform_cache where project_ref = $1', [ref])).rows.length).toBeGreaterThan(0)
    const del = await platform.request(`/platform/projects/${ref}`, { token: ownerToken, method: 'DELETE' })
    expect(del.status).toBe(200)
    const db = await store()
    for (let i = 0; i < 600; i++) {
      const { rows } = await db.query<{ status: string }>('select status from platform.projects where ref = $1', [ref])
      if (rows[0]?.status === 'REMOVED') break
      await new Promise((r) => setTimeout(r, 50))
    }
    expect((await db.query<{ status: string }>('select status from platform.projects where ref = $1', [ref])).rows[0].status).toBe('REMOVED')
    expect((await db.query('select 1 from platform.storage_transform_cache where project_ref = $1', [ref])).rows).toEqual([])
  })
})
