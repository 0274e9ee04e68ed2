/**
 * The migration history (`supabase_migrations.schema_migrations`) on a real project database,
 * PGlite or a Postgres server (scripts/with-postgres.sh): schema changes through pg-meta and the
 * migrations API are recorded in their own transaction, failed ones never, and a member's hostile
 * stand-in for the table gets only the member's own rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Migration } from '@/lib/api-types/database-migrations'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

describe('migration history', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ developer, reader, ref } = await createTeamProject(platform, 'Migrations'))
  }, 180_000)
  afterAll(async () => platform?.close())

  const list = async (token = reader.token): Promise<Migration[]> => {
    const res = await platform.request(`/platform/projects/${ref}/database/migrations`, { token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body as Migration[]
  }

  it('exists in a new project with the CLI shape, readable by a Read-only member', async () => {
    const res = await sql(
      platform,
      reader.token,
      ref,
      `select column_name::text as name, data_type::text as type from information_schema.columns
        where table_schema = 'supabase_migrations' and table_name = 'schema_migrations' order by ordinal_position`
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.rows).toEqual([
      { name: 'version', type: 'text' },
      { name: 'statements', type: 'ARRAY' },
      { name: 'name', type: 'text' },
      { name: 'created_by', type: 'text' },
      { name: 'idempotency_key', type: 'text' },
    ])
    expect(await list()).toEqual([])
  })

  it('records a named DDL script in its transaction, with the CLI version and the member', async () => {
    const res = await platform.request(`/platform/pg-meta/${ref}/query`, {
      token: developer.token,
      headers: { 'x-connection-encrypted': 'test-connection' },
      body: { query: 'create table public.a (id int primary key);\ncomment on table public.a is $$x; y$$', name: 'create a' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const all = await list()
    expect(all).toHaveLength(1)
    expect(all[0]).toMatchObject({
      name: 'create a',
      statements: ['create table public.a (id int primary key)', 'comment on table public.a is $$x; y$$'],
      created_by: expect.stringContaining('@'),
    })
    expect(all[0].version).toMatch(/^20\d{12}$/)
    const now = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 8)
    expect(all[0].version.slice(0, 8)).toBe(now)
  })

  it('records unnamed DDL under a name made from it, and never reads or plain writes', async () => {
    expect((await sql(platform, developer.token, ref, 'select 1')).status).toBe(200)
    expect((await sql(platform, developer.token, ref, 'insert into public.a values (1)')).status).toBe(200)
    expect((await list()).map((m) => m.name)).toEqual(['create a'])
    expect((await sql(platform, developer.token, ref, 'alter table public.a add column note text')).status).toBe(200)
    const all = await list()
    expect(all.map((m) => m.name)).toEqual(['create a', 'alter_table_public_a_add'])
    expect(all[1].version > all[0].version).toBe(true)
  })

  it('records nothing for a failed change, nor for one its script rolled back', async () => {
    const before = (await list()).length
    const failed = await sql(platform, developer.token, ref, 'create table public.b (id int); create table public.a (id int)')
    expect(failed.status).toBe(400)
    const rolledBack = await sql(platform, developer.token, ref, 'begin; create table public.c (id int); rollback')
    expect(rolledBack.status, JSON.stringify(rolledBack.body)).toBe(200)
    const missing = await sql(platform, developer.token, ref, "select to_regclass('public.b') is null and to_regclass('public.c') is null as gone")
    expect(missing.body.rows[0].gone).toBe(true)
    expect(await list()).toHaveLength(before)
  })

  it('records an explicit transaction before its COMMIT, and a streamed run', async () => {
    const before = (await list()).length
    const res = await sql(platform, developer.token, ref, 'begin; create table public.d (id int); commit')
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const streamed = await platform.request(`/platform/pg-meta/${ref}/query`, {
      token: developer.token,
      headers: { 'x-connection-encrypted': 'test-connection', accept: 'application/x-ndjson' },
      body: { query: 'create view public.dv as select 1 as one; select * from public.dv', name: 'dv' },
    })
    expect(streamed.status).toBe(200)
    const all = await list()
    expect(all.slice(before).map((m) => [m.name, m.statements])).toEqual([
      ['create_table_public_d', ['create table public.d (id int)']],
      ['dv', ['create view public.dv as select 1 as one', 'select * from public.dv']],
    ])
  })

  it('applies and records through the migrations API; a failure records nothing', async () => {
    const url = `/platform/projects/${ref}/database/migrations`
    const applied = await platform.request(url, { token: developer.token, body: { query: 'create table public.e (id int)', name: 'add_e' } })
    expect(applied.status, JSON.stringify(applied.body)).toBe(201)
    expect(applied.body).toEqual({ versions: [expect.stringMatching(/^\d{14}$/)], name: 'add_e' })
    const before = (await list()).length
    const failed = await platform.request(url, { token: developer.token, body: { query: 'create table public.e (id int)', name: 'again' } })
    expect(failed.status).toBe(400)
    expect(failed.body.code).toBe('42P07')
    expect(await list()).toHaveLength(before)
    const denied = await platform.request(url, { token: reader.token, body: { query: 'create table public.f (id int)', name: 'f' } })
    expect(denied.status).toBe(403)
  })

  it('applies a migration once per Idempotency-Key: a retry answers the recorded one, a race runs it once', async () => {
    const url = `/platform/projects/${ref}/database/migrations`
    const apply = (key: string, query: string) => platform.request(url, { token: developer.token, headers: { 'Idempotency-Key': key }, body: { query, name: 'keyed' } })
    const first = await apply('key-1', 'create table public.keyed (n int); insert into public.keyed values (1)')
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const retry = await apply('key-1', 'insert into public.keyed values (2)')
    expect(retry.status, JSON.stringify(retry.body)).toBe(200)
    expect(retry.headers.get('idempotent-replayed')).toBe('true')
    expect(retry.body).toEqual(first.body)
    // Two at once with a new key: one runs, the other answers its migration.
    const [a, b] = await Promise.all([apply('key-2', 'insert into public.keyed values (3)'), apply('key-2', 'insert into public.keyed values (3)')])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(a.body).toEqual(b.body)
    const rows = await sql(platform, developer.token, ref, 'select n from public.keyed order by n')
    expect(rows.body.rows).toEqual([{ n: 1 }, { n: 3 }])
    expect((await list()).filter((m) => m.name === 'keyed')).toHaveLength(2)
    // A key that is not visible ASCII, or too long, is refused by name; quotes in a key are only data.
    for (const bad of ['', 'x'.repeat(256), 'ünï']) {
      const res = await platform.request(url, { token: developer.token, headers: { 'Idempotency-Key': bad }, body: { query: 'select 1', name: 'bad' } })
      expect(res.status, bad).toBe(400)
      expect(res.body.message).toMatch(/Idempotency-Key/)
    }
    const quoted = await apply("k';drop/**/table/**/public.keyed;--", 'insert into public.keyed values (4)')
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(201)
    expect((await apply("k';drop/**/table/**/public.keyed;--", 'insert into public.keyed values (5)')).status).toBe(200)
    expect((await sql(platform, developer.token, ref, 'select count(*)::int as n from public.keyed')).body.rows).toEqual([{ n: 3 }])
  })

  it('writes a hostile stand-in for the table only with the member\u2019s rights', async () => {
    const before = await list()
    // The member replaces the history by a view whose rule writes into the platform's auth schema:
    // the record of that very script goes through the rule, as the member, who may not write there.
    const hostile = await sql(
      platform,
      developer.token,
      ref,
      `drop schema supabase_migrations cascade;
       create schema supabase_migrations;
       create table supabase_migrations.shadow (version text, statements text[], name text, created_by text);
       create view supabase_migrations.schema_migrations as select * from supabase_migrations.shadow;
       create rule steal as on insert to supabase_migrations.schema_migrations do instead
         insert into auth.users (id, email) values (gen_random_uuid(), 'planted@example.com') returning null::text, null::text[], null::text, null::text;
       create table public.g (id int)`
    )
    expect(hostile.status, JSON.stringify(hostile.body)).toBe(400)
    expect(hostile.body.code).toBe('42501')
    // Nothing of it happened: the history is the platform's table as before, and public.g is not there.
    const check = await sql(platform, developer.token, ref, "select to_regclass('public.g') is null as gone, to_regclass('supabase_migrations.shadow') is null as no_shadow")
    expect(check.body.rows[0]).toEqual({ gone: true, no_shadow: true })
    expect(await list()).toEqual(before)
  })

  it('makes a dropped history again with the next change', async () => {
    // The drop is a change too: its own record starts the new history.
    expect((await sql(platform, developer.token, ref, 'drop schema supabase_migrations cascade')).status).toBe(200)
    expect((await list()).map((m) => m.name)).toEqual(['drop_schema_supabase_migrations_cascade'])
    expect((await sql(platform, developer.token, ref, 'create table public.h (id int)')).status).toBe(200)
    expect((await list()).map((m) => m.name)).toEqual(['drop_schema_supabase_migrations_cascade', 'create_table_public_h'])
    // The Read-only member still reads the history made again.
    expect((await list(reader.token)).length).toBe(2)
  })

  it('answers bad input with 400 naming the field', async () => {
    const url = `/platform/projects/${ref}/database/migrations`
    const res = await platform.request(url, { token: developer.token, body: { query: 'select 1' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/name/)
    const long = await sql(platform, developer.token, ref, 'select 1').then(() =>
      platform.request(`/platform/pg-meta/${ref}/query`, {
        token: developer.token,
        headers: { 'x-connection-encrypted': 'test-connection' },
        body: { query: 'select 1', name: 'x'.repeat(101) },
      })
    )
    expect(long.status).toBe(400)
  })
})
