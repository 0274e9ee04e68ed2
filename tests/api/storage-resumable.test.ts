import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { cuttingProxy, killNow, startServerProcess, tusHeaders, tusMetadata, tusUpload } from './helpers/resumable'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 13: resumable uploads (tus 1.0 at `{url}/storage/v1/upload/resumable`) driven by the real
 * tus-js-client as apps use it against Supabase: a dropped connection resumed to identical bytes,
 * the free plan's 50 MB refused at creation with its limit named, policies deciding who may
 * upload, and a server killed mid-upload leaving no object and no row, its leftovers swept.
 */

class NoWebSocket {}

const PASSWORD = 'resumable test password 1'

describe('resumable uploads with tus-js-client', () => {
  let platform: TestPlatform
  let ref: string
  let keys: Record<string, string>
  let service: SupabaseClient
  const projectUrl = (origin = platform.projectApiOrigin) => `${origin}/${ref}`
  const endpoint = (origin = platform.projectApiOrigin) => `${projectUrl(origin)}/storage/v1/upload/resumable`
  const client = (key: string, origin = platform.projectApiOrigin) =>
    createClient(projectUrl(origin), key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } })
  const tusDir = () => path.join(platform.dataDir, 'files', ref, 'tus')
  const leftovers = () => (fs.existsSync(tusDir()) ? fs.readdirSync(tusDir()) : [])

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const owner = await platform.createUser()
    const org = await createOrg('free', [[owner.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Resumable')).ref
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    service = client(keys.service_role)
    const made = await sql(platform, owner.token, ref, `
      create policy own_folder_insert on storage.objects for insert to authenticated
        with check (bucket_id = 'docs' and (storage.foldername(name))[1] = auth.uid()::text);
      create policy own_read on storage.objects for select to authenticated using (bucket_id = 'docs' and owner = auth.uid());`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect((await service.storage.createBucket('docs', { public: false })).error).toBeNull()
    expect((await service.storage.createBucket('tiny', { public: false, fileSizeLimit: 1000, allowedMimeTypes: ['text/*'] })).error).toBeNull()
  }, 120_000)
  afterAll(async () => platform?.close())

  it('resumes an upload whose connection dropped mid-PATCH, to identical bytes', async () => {
    const data = crypto.randomBytes(4 * 1024 * 1024)
    const proxy = await cuttingProxy(new URL(platform.projectApiOrigin), 1_500_000)
    try {
      const done = await tusUpload(endpoint(proxy.url), data, { key: keys.service_role, bucket: 'docs', name: 'big/resumed.bin', retryDelays: [0, 100, 500, 1000] })
      expect(done.error).toBeNull()
      expect(proxy.cuts()).toBe(1)
      // After the cut the client resumed from the server's offset: what it sent again is less than the whole file.
      const first = proxy.carried.findIndex((n) => n > 1_000_000)
      const after = proxy.carried.slice(first + 1).reduce((a, b) => a + b, 0)
      expect(after).toBeLessThan(data.length)
    } finally {
      await proxy.close()
    }
    const down = await service.storage.from('docs').download('big/resumed.bin')
    expect(down.error).toBeNull()
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(data)).toBe(true)
    const info = await service.storage.from('docs').info('big/resumed.bin')
    expect(info.data).toMatchObject({ size: data.length, contentType: 'application/octet-stream' })
    // The finished upload left nothing behind, and a second one of the name is a conflict unless upserted.
    expect(leftovers()).toEqual([])
    const again = await tusUpload(endpoint(), Buffer.from('short'), { key: keys.service_role, bucket: 'docs', name: 'big/resumed.bin' })
    expect(again.error?.status).toBe(409)
    expect((await tusUpload(endpoint(), Buffer.from('short'), { key: keys.service_role, bucket: 'docs', name: 'big/resumed.bin', upsert: true })).error).toBeNull()
    expect(await (await service.storage.from('docs').download('big/resumed.bin')).data!.text()).toBe('short')
  })

  it("refuses at creation an upload past the free plan's 50 MB, or past the bucket's limits, naming the limit", async () => {
    const limit = 50 * 1024 * 1024
    const huge = await tusUpload(endpoint(), Buffer.alloc(limit + 1), { key: keys.service_role, bucket: 'docs', name: 'huge.bin' })
    expect(huge.error?.status).toBe(413)
    // The anchor's own message, with the limit beside it.
    expect(JSON.parse(huge.error!.body!)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge', message: 'The object exceeded the maximum allowed size', maxBytes: limit })
    expect(huge.url).toBeNull()
    const big = await tusUpload(endpoint(), Buffer.alloc(1001), { key: keys.service_role, bucket: 'tiny', name: 'a.txt', contentType: 'text/plain' })
    expect(big.error?.status).toBe(413)
    const png = await tusUpload(endpoint(), Buffer.alloc(10), { key: keys.service_role, bucket: 'tiny', name: 'a.png', contentType: 'image/png' })
    expect(png.error?.status).toBe(415)
    const nowhere = await tusUpload(endpoint(), Buffer.alloc(10), { key: keys.service_role, bucket: 'nope', name: 'a.txt' })
    expect(nowhere.error?.status).toBe(404)
    expect(leftovers()).toEqual([])
  })

  it("lets the project's policies decide who may upload, and keeps an upload to the one who created it", async () => {
    const anon = await tusUpload(endpoint(), Buffer.from('no'), { key: keys.anon, bucket: 'docs', name: 'anon.txt' })
    expect(anon.error?.status).toBe(403)
    const email = `ada-${crypto.randomBytes(3).toString('hex')}@resumable.example`
    expect((await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull()
    const ada = client(keys.anon)
    const { data } = await ada.auth.signInWithPassword({ email, password: PASSWORD })
    const token = data.session!.access_token
    const mine = await tusUpload(endpoint(), Buffer.from('ada wrote this'), { key: token, apikey: keys.anon, bucket: 'docs', name: `${data.user!.id}/note.txt` })
    expect(mine.error).toBeNull()
    expect(await (await ada.storage.from('docs').download(`${data.user!.id}/note.txt`)).data!.text()).toBe('ada wrote this')
    expect((await tusUpload(endpoint(), Buffer.from('x'), { key: token, apikey: keys.anon, bucket: 'docs', name: 'elsewhere/note.txt' })).error?.status).toBe(403)
    // An upload under way answers only its creator.
    const created = await fetch(endpoint(), {
      method: 'POST',
      headers: tusHeaders(token, keys.anon, { 'Upload-Length': '10', 'Upload-Metadata': tusMetadata('docs', `${data.user!.id}/later.txt`) }),
    })
    expect(created.status).toBe(201)
    const location = new URL(created.headers.get('location')!, endpoint()).toString()
    const head = (key: string) => fetch(location, { method: 'HEAD', headers: tusHeaders(key, keys.anon) })
    expect((await head(token)).headers.get('upload-offset')).toBe('0')
    expect((await head(keys.service_role)).status).toBe(404)
    expect((await fetch(location, { method: 'DELETE', headers: tusHeaders(token, keys.anon) })).status).toBe(204)
    expect((await head(token)).status).toBe(404)
    expect((await fetch(endpoint(), { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1' } })).status).toBe(401)
  })

  it('leaves no object and no row when the server is killed mid-upload, and the sweep removes what it left', async () => {
    await platform.suspend()
    const first = await startServerProcess()
    const size = 24 * 1024 * 1024
    const created = await fetch(endpoint(first.origin), {
      method: 'POST',
      headers: tusHeaders(keys.service_role, keys.service_role, { 'Upload-Length': String(size), 'Upload-Metadata': tusMetadata('docs', 'killed.bin') }),
    })
    expect(created.status).toBe(201)
    // The PATCH streams its first 4 MB of 24 and waits; the server is killed while it has some of them.
    const patch = http.request(new URL(created.headers.get('location')!, endpoint(first.origin)), {
      method: 'PATCH',
      headers: tusHeaders(keys.service_role, keys.service_role, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(size) }),
    })
    const failed = new Promise<Error>((resolve) => patch.on('error', resolve))
    patch.write(crypto.randomBytes(4 * 1024 * 1024))
    const dataFile = () => leftovers().find((f) => !f.endsWith('.json'))
    await vi.waitFor(() => expect(fs.statSync(path.join(tusDir(), dataFile()!)).size).toBeGreaterThan(1024 * 1024), { timeout: 60_000, interval: 20 })
    await killNow(first.child)
    expect(await failed).toBeInstanceOf(Error)
    expect(fs.statSync(path.join(tusDir(), dataFile()!)).size).toBeLessThan(size)
    const restarted = await startServerProcess()
    try {
      const again = client(keys.service_role, restarted.origin)
      expect((await again.storage.from('docs').download('killed.bin')).error).toMatchObject({ status: 404 })
      expect((await again.storage.from('docs').list('', { search: 'killed' })).data).toEqual([])
      expect(await again.storage.from('docs').exists('killed.bin')).toMatchObject({ data: false })
      // The upload's state outlived the process that held it: another one answers where it stopped.
      const head = await fetch(new URL(created.headers.get('location')!, endpoint(restarted.origin)), { method: 'HEAD', headers: tusHeaders(keys.service_role) })
      expect(head.status).toBe(200)
      expect(Number(head.headers.get('upload-offset'))).toBeGreaterThan(0)
      expect(Number(head.headers.get('upload-offset'))).toBeLessThan(size)
    } finally {
      await killNow(restarted.child)
    }
    expect(leftovers().length).toBe(2)
    const swept = await startServerProcess({ TEST_SWEEP_REF: ref })
    await killNow(swept.child)
    expect(swept.swept).toMatchObject({ resumable: 1 })
    expect(leftovers()).toEqual([])
  }, 240_000)
})
