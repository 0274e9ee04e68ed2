import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageTemplateSql, STORAGE_POLICY_TEMPLATES } from '@/lib/storage/policy-templates'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 26: storage honours the policies on `storage.objects` exactly as Supabase Storage does.
 * For every operation, the policies its reference documents (STORAGE_NEEDS) let a signed-in user
 * do it with the unchanged supabase-js, and taking away any one of them refuses it, leaving the
 * objects as they were. And the dashboard's template "Authenticated users can upload", alone,
 * lets a signed-in user upload (it failed while uploads inserted with RETURNING).
 */

class NoWebSocket {}

type Command = 'select' | 'insert' | 'update' | 'delete'
type Files = ReturnType<SupabaseClient['storage']['from']>

/** What each operation needs on storage.objects, from the anchor's client reference ("RLS policy permissions required"). */
const STORAGE_NEEDS: Record<string, Command[]> = {
  upload: ['insert'],
  'upload with upsert over an existing object': ['select', 'insert', 'update'],
  update: ['select', 'update'],
  move: ['select', 'update'],
  copy: ['select', 'insert'],
  remove: ['select', 'delete'],
  list: ['select'],
  download: ['select'],
  createSignedUrl: ['select'],
  'createSignedUploadUrl and uploadToSignedUrl': ['insert'],
}

const BUCKET = 'matrix'
const SEED = 'seed.txt'

describe('storage policies per operation, with supabase-js', () => {
  let platform: TestPlatform
  let ownerToken: string
  let ref: string
  let service: Files
  let alice: Files
  let aliceToken: string
  let anonKey: string
  let n = 0

  const client = (url: string, key: string) =>
    createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: NoWebSocket as never } })

  async function run(script: string) {
    const res = await sql(platform, ownerToken, ref, script)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }

  /** Exactly these policies on the bucket (to authenticated), and a fresh seed object put there by the service key. */
  async function only(commands: readonly Command[]) {
    const drops = (['select', 'insert', 'update', 'delete'] as const).map((c) => `drop policy if exists m_${c} on storage.objects;`)
    const creates = commands.map((c) =>
      c === 'insert'
        ? `create policy m_insert on storage.objects for insert to authenticated with check (bucket_id = '${BUCKET}');`
        : c === 'update'
          ? `create policy m_update on storage.objects for update to authenticated using (bucket_id = '${BUCKET}') with check (bucket_id = '${BUCKET}');`
          : `create policy m_${c} on storage.objects for ${c} to authenticated using (bucket_id = '${BUCKET}');`
    )
    await run(`drop policy if exists "${STORAGE_POLICY_TEMPLATES[1].build(BUCKET).name}" on storage.objects; ${drops.join(' ')} ${creates.join(' ')}`)
    const seeded = await service.upload(SEED, 'old', { upsert: true })
    expect(seeded.error).toBeNull()
  }

  const text = async (name: string) => {
    const { data, error } = await service.download(name)
    return error ? null : await data.text()
  }

  /** Each operation as Alice; true when it took effect (checked with the service key, not by the answer alone). */
  const OPERATIONS: Record<keyof typeof STORAGE_NEEDS, (i: number) => Promise<boolean>> = {
    upload: async (i) => !(await alice.upload(`new-${i}.txt`, 'new')).error && (await text(`new-${i}.txt`)) === 'new',
    'upload with upsert over an existing object': async () => !(await alice.upload(SEED, 'new', { upsert: true })).error && (await text(SEED)) === 'new',
    update: async () => !(await alice.update(SEED, 'new')).error && (await text(SEED)) === 'new',
    move: async (i) => !(await alice.move(SEED, `moved-${i}.txt`)).error && (await text(`moved-${i}.txt`)) === 'old' && (await text(SEED)) === null,
    copy: async (i) => !(await alice.copy(SEED, `copy-${i}.txt`)).error && (await text(`copy-${i}.txt`)) === 'old' && (await text(SEED)) === 'old',
    remove: async () => {
      const { data, error } = await alice.remove([SEED])
      return !error && data.length === 1 && (await text(SEED)) === null
    },
    list: async () => {
      const { data, error } = await alice.list('')
      return !error && data.some((e) => e.name === SEED)
    },
    download: async () => {
      const { data, error } = await alice.download(SEED)
      return !error && (await data.text()) === 'old'
    },
    createSignedUrl: async () => {
      const { data, error } = await alice.createSignedUrl(SEED, 60)
      return !error && (await (await fetch(data.signedUrl)).text()) === 'old'
    },
    'createSignedUploadUrl and uploadToSignedUrl': async (i) => {
      const signed = await alice.createSignedUploadUrl(`signed-${i}.txt`)
      if (signed.error) return false
      const up = await alice.uploadToSignedUrl(signed.data.path, signed.data.token, 'new')
      return !up.error && (await text(`signed-${i}.txt`)) === 'new'
    },
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const owner = await platform.createUser()
    ownerToken = owner.token
    const org = await createOrg('free', [[owner.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Policy matrix')).ref
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    const keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    const admin = client(platform.projectUrl(ref), keys.service_role)
    expect((await admin.storage.createBucket(BUCKET, { public: false })).error).toBeNull()
    service = admin.storage.from(BUCKET)
    const email = 'alice@matrix.example'
    expect((await admin.auth.admin.createUser({ email, password: 'matrix password 1', email_confirm: true })).error).toBeNull()
    const signedIn = client(platform.projectUrl(ref), keys.anon)
    const session = await signedIn.auth.signInWithPassword({ email, password: 'matrix password 1' })
    expect(session.error).toBeNull()
    aliceToken = session.data.session!.access_token
    anonKey = keys.anon
    alice = signedIn.storage.from(BUCKET)
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
  })

  for (const [operation, needs] of Object.entries(STORAGE_NEEDS)) {
    it(`${operation}: allowed by ${needs.join(' + ')}, refused without any one of them`, async () => {
      await only(needs)
      expect(await OPERATIONS[operation]((n += 1)), `${operation} with ${needs.join(', ')}`).toBe(true)
      for (const missing of needs) {
        await only(needs.filter((c) => c !== missing))
        expect(await OPERATIONS[operation]((n += 1)), `${operation} without ${missing}`).toBe(false)
        // A refused operation changed nothing.
        expect(await text(SEED)).toBe('old')
      }
    })
  }

  it('the template "Authenticated users can upload", alone, lets a signed-in user upload (raw HTTP and supabase-js)', async () => {
    await only([])
    const template = STORAGE_POLICY_TEMPLATES.find((t) => t.id === 'authenticated-upload')!
    await run(storageTemplateSql(template, BUCKET))
    const up = await alice.upload('by-template.txt', 'hello')
    expect(up.error).toBeNull()
    expect(up.data).toMatchObject({ path: 'by-template.txt', id: expect.any(String) })
    expect(await text('by-template.txt')).toBe('hello')
    const raw = await fetch(`${platform.projectUrl(ref)}/storage/v1/object/${BUCKET}/raw.txt`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${aliceToken}`, 'content-type': 'text/plain' },
      body: 'raw bytes',
    })
    expect(raw.status).toBe(200)
    expect(await raw.json()).toMatchObject({ Key: `${BUCKET}/raw.txt`, Id: expect.any(String) })
    expect(await text('raw.txt')).toBe('raw bytes')
    // The id it answers is the row's.
    const listed = await service.list('', { search: 'by-template' })
    expect(listed.data?.map((e) => e.id)).toEqual([up.data!.id])
    // Without a SELECT policy the user still cannot read it back.
    expect((await alice.download('by-template.txt')).error).not.toBeNull()
  })
})
