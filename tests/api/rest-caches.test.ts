import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getStore } from '@/server/db/store'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createOwnedProject, sql } from './projects-helpers'

/**
 * Issue 12: what the project REST API remembers to answer fast (verified keys, the signing key,
 * statement descriptions) never outlives what it depends on: a rotated secret stops its keys at
 * once on the instance that rotated it and within a second (KEY_TTL_MS) on the others, and schema
 * changes are seen by the next request.
 */
describe('the project REST API caches', () => {
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let ref: string
  const get = (path: string, key: string) => fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } })
  const anonKey = async () => {
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    return (res.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
  }
  const run = async (query: string) => {
    const res = await sql(platform, owner.token, ref, query)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ owner, ref } = await createOwnedProject(platform, 'Caches'))
    await run(`create table public.items (id bigint primary key, name text not null);
      alter table public.items enable row level security;
      create policy anon_reads on public.items for select to anon using (true);
      insert into public.items values (1, 'one'), (2, 'two');`)
  }, 120_000)
  afterAll(async () => platform?.close())

  it('refuses a remembered key at once when this instance rotates the secret', async () => {
    const old = await anonKey()
    for (let i = 0; i < 3; i++) expect((await get('items?select=id', old)).status).toBe(200)
    const rotated = await platform.request(`/platform/projects/${ref}/api-keys/rotate`, { method: 'POST', token: owner.token })
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
    expect((await get('items?select=id', old)).status).toBe(401)
    expect((await get('items?select=id', await anonKey())).status).toBe(200)
  })

  it('refuses a remembered key within a second when another instance rotates the secret', async () => {
    const old = await anonKey()
    for (let i = 0; i < 3; i++) expect((await get('items?select=id', old)).status).toBe(200)
    // Another instance rotates: it writes the store; nothing tells this process.
    const { sealSecret } = await import('@/server/vault/crypto')
    const { jwtSecretAad } = await import('@/server/projects/api-keys')
    const db = await getStore()
    const { rows } = await db.query<{ id: number; key_version: number }>(
      'select p.id, s.key_version from platform.projects p join platform.project_jwt_secrets s on s.project_id = p.id where p.ref = $1',
      [ref]
    )
    const version = rows[0].key_version + 1
    const sealed = sealSecret('a-secret-another-instance-made-for-this-project', jwtSecretAad(Number(rows[0].id), version))
    await db.query(
      'update platform.project_jwt_secrets set ciphertext = $2, iv = $3, auth_tag = $4, seal_key_version = $5, key_version = $6, issued_at = now() where project_id = $1',
      [rows[0].id, sealed.ciphertext, sealed.iv, sealed.authTag, sealed.keyVersion, version]
    )
    const { KEY_TTL_MS } = await import('@/server/projects/api-keys')
    await vi.waitFor(async () => expect((await get('items?select=id', old)).status).toBe(401), { timeout: KEY_TTL_MS * 3, interval: 50 })
    const fresh = await anonKey()
    expect(fresh).not.toBe(old)
    expect((await get('items?select=id', fresh)).status).toBe(200)
  })

  it('sees schema changes at the next request: new columns, changed types, a view in place of a table', async () => {
    const key = await anonKey()
    const read = async (path: string) => {
      const res = await get(path, key)
      return { status: res.status, body: await res.json() }
    }
    expect(await read('items?select=*&id=eq.1')).toEqual({ status: 200, body: [{ id: 1, name: 'one' }] })
    await run("alter table public.items add column note text not null default 'n'")
    expect(await read('items?select=*&id=eq.1')).toEqual({ status: 200, body: [{ id: 1, name: 'one', note: 'n' }] })
    await run('alter table public.items alter column id type text using id::text')
    expect(await read('items?select=*&id=eq.1')).toEqual({ status: 200, body: [{ id: '1', name: 'one', note: 'n' }] })
    await run(`alter table public.items rename to items_old;
      create view public.items with (security_invoker = true) as select id, upper(name) as name from public.items_old;
      grant select on public.items to anon;`)
    expect(await read('items?select=*&id=eq.1')).toEqual({ status: 200, body: [{ id: '1', name: 'ONE' }] })
    await run('drop view public.items')
    expect((await read('items?select=*&id=eq.1')).status).toBe(404)
  })

  // On a server, a read of a table checked less than TRUST_MS ago goes without the table's lookup
  // (rest/read-ahead.ts); a change made where this instance cannot see it (psql, another instance)
  // shows at once when the read fails, and within TRUST_MS when it still runs.
  it.runIf(usePostgres)('follows changes made outside the platform: at once when the read fails, within a second otherwise', async () => {
    const key = await anonKey()
    const read = async (path: string) => {
      const res = await get(path, key)
      return { status: res.status, body: await res.json() }
    }
    await run(`create table public.events (id bigint primary key, at timestamp not null, label text not null);
      alter table public.events enable row level security;
      create policy anon_reads on public.events for select to anon using (true);
      insert into public.events values (1, '2030-01-01 00:00', 'new year');`)
    const { projectTarget } = await import('@/server/projects/targets')
    const target = projectTarget(ref)
    if (target.kind !== 'postgres') throw new Error('a server only')
    const direct = new pg.Client({ connectionString: target.adminUrl })
    await direct.connect()
    try {
      const since = '2030-01-01T01:00:00+05:00' // 20:00 the day before, in UTC
      for (let i = 0; i < 3; i++) expect(await read('events?select=id,label')).toEqual({ status: 200, body: [{ id: 1, label: 'new year' }] })
      await direct.query('alter table public.events rename column label to title')
      // The read written from the remembered columns fails; the usual way answers from the table as it is.
      const gone = await read('events?select=id,label')
      expect(gone.status).toBe(400)
      expect(gone.body).toMatchObject({ code: '42703', message: expect.stringContaining('label') })
      expect(await read('events?select=id,title')).toEqual({ status: 200, body: [{ id: 1, title: 'new year' }] })
      // A timestamp column becomes timestamptz (in UTC): a filter's value with an offset compares as a
      // timestamptz, not as the timestamp it was cast to before, once the table is checked again.
      await direct.query("set timezone = 'UTC'; alter table public.events alter column at type timestamptz")
      await vi.waitFor(async () => expect(await read(`events?select=id&at=gt.${encodeURIComponent(since)}`)).toEqual({ status: 200, body: [{ id: 1 }] }), {
        timeout: 3_000,
        interval: 100,
      })
    } finally {
      await direct.end()
    }
  })
})
