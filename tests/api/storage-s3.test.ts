import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { PutObjectCommand } from '@aws-sdk/client-s3'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { cuttingProxy, killNow, startServerProcess, tusUpload } from './helpers/resumable'
import { startS3Store } from './helpers/s3-store'
import { createActiveProject, createOrg } from './projects-helpers'

/**
 * Issue 13: project files on an S3-compatible store (STORAGE_S3_*), here an s3rver the test
 * starts: supabase-js uploads (a large one in parts), downloads (whole, a range, HEAD), copies and
 * removes with the bytes in the store and none on the disk; a second instance on the same
 * database and store serves what the first stored, and so does another server process; deleting
 * a project removes its files from the store.
 */

class NoWebSocket {}

describe('project storage on an S3-compatible store', () => {
  let s3: Awaited<ReturnType<typeof startS3Store>>
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let orgSlug: string
  let ref: string
  let keys: Record<string, string>
  let service: SupabaseClient
  const client = (key: string, origin = platform.projectApiOrigin, project = ref) =>
    createClient(`${origin}/${project}`, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } })
  const keysIn = (prefix: string) => s3.keysIn(prefix)
  const projectKeys = async (project: string) => {
    const res = await platform.request(`/platform/projects/${project}/api-keys`, { token: owner.token })
    return Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
  }

  beforeAll(async () => {
    s3 = await startS3Store()
    platform = await startTestPlatform({ isPlatform: true, env: s3.env })
    owner = await platform.createUser()
    orgSlug = (await createOrg('pro', [[owner.id, 'Owner']])).slug
    ref = (await createActiveProject(platform, owner.token, orgSlug, 'On S3')).ref
    keys = await projectKeys(ref)
    service = client(keys.service_role)
    expect((await service.storage.createBucket('media', { public: true })).error).toBeNull()
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
    await s3?.close()
  })

  it('uploads, downloads, copies and removes through supabase-js with the bytes in the store, none on disk', async () => {
    const media = service.storage.from('media')
    const big = crypto.randomBytes(20 * 1024 * 1024) // past one 8 MiB part: a multipart upload
    expect((await media.upload('clips/big.bin', big, { contentType: 'application/octet-stream' })).error).toBeNull()
    expect((await media.upload('notes/hello.txt', 'hello from s3', { contentType: 'text/plain' })).error).toBeNull()
    expect(Buffer.from(await (await media.download('clips/big.bin')).data!.arrayBuffer()).equals(big)).toBe(true)
    expect(await (await media.download('notes/hello.txt')).data!.text()).toBe('hello from s3')
    const stored = await keysIn(`${ref}/objects/`)
    expect(stored).toHaveLength(2)
    expect(fs.existsSync(path.join(platform.dataDir, 'files', ref, 'objects'))).toBe(false)
    expect((await media.copy('notes/hello.txt', 'notes/copy.txt')).error).toBeNull()
    expect(await (await media.download('notes/copy.txt')).data!.text()).toBe('hello from s3')
    expect(await keysIn(`${ref}/objects/`)).toHaveLength(3)
    expect((await media.remove(['notes/copy.txt'])).data).toHaveLength(1)
    expect((await media.download('notes/copy.txt')).error).toMatchObject({ status: 404 })
    expect(await keysIn(`${ref}/objects/`)).toEqual(stored)
    // listV2: one level with folders, or flat and paged by its cursor.
    const level = await media.listV2({ prefix: '', with_delimiter: true })
    expect(level.data, JSON.stringify(level.error)).toMatchObject({ hasNext: false, folders: [{ name: 'clips/' }, { name: 'notes/' }], objects: [] })
    const first = await media.listV2({ limit: 1 })
    expect(first.data).toMatchObject({ hasNext: true, folders: [], objects: [{ name: 'clips/big.bin', metadata: { size: big.length } }] })
    const next = await media.listV2({ limit: 1, cursor: first.data!.nextCursor })
    expect(next.data).toMatchObject({ hasNext: false, objects: [{ name: 'notes/hello.txt' }] })
    expect(await media.exists('notes/hello.txt')).toMatchObject({ data: true })
    expect(await media.exists('notes/none.txt')).toMatchObject({ data: false })
  })

  it('answers a Range with 206 and those bytes, past the end with 416, and HEAD with the headers alone, on every download path', async () => {
    const media = service.storage.from('media')
    const big = Buffer.from(await (await media.download('clips/big.bin')).data!.arrayBuffer())
    const headers = { apikey: keys.service_role, authorization: `Bearer ${keys.service_role}` }
    const signed = (await media.createSignedUrl('clips/big.bin', 60)).data!.signedUrl
    const urls: [string, Record<string, string>][] = [
      [`${platform.projectUrl(ref)}/storage/v1/object/authenticated/media/clips/big.bin`, headers],
      [`${platform.projectUrl(ref)}/storage/v1/object/media/clips/big.bin`, headers],
      [media.getPublicUrl('clips/big.bin').data.publicUrl, {}],
      [signed, {}],
    ]
    for (const [url, auth] of urls) {
      const part = await fetch(url, { headers: { ...auth, Range: 'bytes=10000000-10000099' } })
      expect(part.status, url).toBe(206)
      expect(part.headers.get('content-range')).toBe(`bytes 10000000-10000099/${big.length}`)
      expect(Buffer.from(await part.arrayBuffer()).equals(big.subarray(10_000_000, 10_000_100))).toBe(true)
      const tail = await fetch(url, { headers: { ...auth, Range: 'bytes=-10' } })
      expect(Buffer.from(await tail.arrayBuffer()).equals(big.subarray(-10))).toBe(true)
      const past = await fetch(url, { headers: { ...auth, Range: `bytes=${big.length}-` } })
      expect(past.status).toBe(416)
      expect(past.headers.get('content-range')).toBe(`bytes */${big.length}`)
      const head = await fetch(url, { method: 'HEAD', headers: auth })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(big.length))
      expect(head.headers.get('accept-ranges')).toBe('bytes')
    }
  })

  it('serves through a second instance on the same database and store what the first stored', async () => {
    const peer = await platform.startPeer()
    try {
      const there = client(keys.service_role, peer.projectApiOrigin).storage.from('media')
      expect(await (await there.download('notes/hello.txt')).data!.text()).toBe('hello from s3')
      expect((await there.upload('notes/from-peer.txt', 'written on the peer')).error).toBeNull()
      expect(await (await service.storage.from('media').download('notes/from-peer.txt')).data!.text()).toBe('written on the peer')
    } finally {
      await peer.close()
    }
  })

  it('resumes a tus upload whose connection dropped, on the store, and leaves no upload behind', async () => {
    const data = crypto.randomBytes(12 * 1024 * 1024) // past one 5 MiB part of @tus/s3-store
    const endpoint = (origin: string) => `${origin}/${ref}/storage/v1/upload/resumable`
    const proxy = await cuttingProxy(new URL(platform.projectApiOrigin), 7_000_000)
    try {
      const done = await tusUpload(endpoint(proxy.url), data, { key: keys.service_role, bucket: 'media', name: 'clips/resumed.bin', retryDelays: [0, 100, 500, 1000] })
      expect(done.error).toBeNull()
      expect(proxy.cuts()).toBe(1)
    } finally {
      await proxy.close()
    }
    const down = await service.storage.from('media').download('clips/resumed.bin')
    expect(Buffer.from(await down.data!.arrayBuffer()).equals(data)).toBe(true)
    // Its parts became one version of the store; the upload's own keys and multipart upload are gone.
    expect(await keysIn(`${ref}/tus/`)).toEqual([])
  })

  it('sweeps versions no row names from the store, and keeps those rows name', async () => {
    const orphan = `${ref}/objects/ffffffff-ffff-4fff-8fff-ffffffffffff`
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: orphan, Body: 'orphan' }))
    const { sweepOrphans } = await import('@/server/storage/sweep')
    expect((await sweepOrphans(ref, 0)).versions).toBe(1)
    expect(await keysIn(`${ref}/objects/`)).not.toContain(orphan)
    expect(await (await service.storage.from('media').download('notes/hello.txt')).data!.text()).toBe('hello from s3')
  })

  it("removes a deleted project's files from the store", async () => {
    const doomed = (await createActiveProject(platform, owner.token, orgSlug, 'Doomed')).ref
    const doomedService = client((await projectKeys(doomed)).service_role, platform.projectApiOrigin, doomed)
    expect((await doomedService.storage.createBucket('b')).error).toBeNull()
    expect((await doomedService.storage.from('b').upload('x.txt', 'bye')).error).toBeNull()
    expect(await keysIn(`${doomed}/`)).toHaveLength(1)
    const removed = await platform.request(`/platform/projects/${doomed}`, { method: 'DELETE', token: owner.token })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    await vi.waitFor(async () => expect(await keysIn(`${doomed}/`)).toEqual([]), { timeout: 60_000, interval: 200 })
    expect((await keysIn(`${ref}/objects/`)).length).toBeGreaterThan(0)
  }, 120_000)

  it('serves from another process on the same store, with nothing of the first in memory', async () => {
    await platform.suspend()
    const other = await startServerProcess()
    try {
      const there = client(keys.service_role, other.origin).storage.from('media')
      expect(await (await there.download('notes/from-peer.txt')).data!.text()).toBe('written on the peer')
      const part = await there.download('clips/big.bin')
      expect(part.data?.size).toBe(20 * 1024 * 1024)
    } finally {
      await killNow(other.child)
    }
  }, 120_000)
})
