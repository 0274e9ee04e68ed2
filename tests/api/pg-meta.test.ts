import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

type User = { id: string; email: string; token: string }

describe('pg-meta query endpoint', () => {
  let platform: TestPlatform
  let owner: User
  let developer: User
  let reader: User
  let outsider: User
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    developer = await platform.createUser()
    reader = await platform.createUser()
    outsider = await platform.createUser()
    const org = await createOrg('team', [
      [owner.id, 'Owner'],
      [developer.id, 'Developer'],
      [reader.id, 'Read-only'],
    ])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'SQL')).ref
  })
  afterAll(async () => platform?.close())

  it('creates a table, inserts and selects rows with their fields', async () => {
    const create = await sql(platform, developer.token, ref, 'create table todos (id bigint generated always as identity primary key, title text not null, done boolean default false, due date, meta jsonb)')
    expect(create.status).toBe(200)
    expect(create.body).toMatchObject({ rows: [], fields: [], command: 'CREATE', truncated: false })

    const insert = await sql(platform, developer.token, ref, `insert into todos (title, due, meta) values ('write tests', '2025-05-16', '{"tags":["a"]}'), ('ship', null, null)`)
    expect(insert.status).toBe(200)
    expect(insert.body).toMatchObject({ command: 'INSERT', rowCount: 2 })

    const select = await sql(platform, reader.token, ref, 'select id, title, done, due, meta from todos order by id')
    expect(select.status).toBe(200)
    expect(select.body.rows).toEqual([
      { id: 1, title: 'write tests', done: false, due: '2025-05-16', meta: { tags: ['a'] } },
      { id: 2, title: 'ship', done: false, due: null, meta: null },
    ])
    expect(select.body.fields).toEqual([
      { name: 'id', dataTypeID: 20, type: 'bigint' },
      { name: 'title', dataTypeID: 25, type: 'text' },
      { name: 'done', dataTypeID: 16, type: 'boolean' },
      { name: 'due', dataTypeID: 1082, type: 'date' },
      { name: 'meta', dataTypeID: 3802, type: 'jsonb' },
    ])
    expect(select.body).toMatchObject({ command: 'SELECT', rowCount: 2, truncated: false })
  })

  it('returns the last result of several statements', async () => {
    const res = await sql(platform, developer.token, ref, "create temp table t (v int); insert into t values (1), (2), (3); select sum(v)::int as total from t; select 'last' as which")
    expect(res.status).toBe(200)
    expect(res.body.rows).toEqual([{ which: 'last' }])
    expect(res.body.fields).toEqual([{ name: 'which', dataTypeID: 25, type: 'text' }])
  })

  it('answers a Postgres error with 400, its SQLSTATE and position, and runs nothing of the script', async () => {
    const res = await sql(platform, developer.token, ref, 'insert into todos (title) values ($$never$$); selec 1')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: '42601', message: 'syntax error at or near "selec"', position: 47 })
    const count = await sql(platform, developer.token, ref, `select count(*) as n from todos where title = 'never'`)
    expect(count.body.rows).toEqual([{ n: 0 }])

    const missing = await sql(platform, developer.token, ref, 'select nope from todos')
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ code: '42703', position: 8 })
    expect(missing.body.message).toMatch(/column "nope" does not exist/)

    const constraint = await sql(platform, developer.token, ref, 'insert into todos (title) values (null)')
    expect(constraint.body).toMatchObject({ code: '23502' })
    expect(constraint.body.detail).toMatch(/Failing row contains/)
  })

  it('binds parameters, and keeps values exact and JSON-safe', async () => {
    const res = await sql(platform, developer.token, ref, 'select $1::int + 1 as n, $2::text as s', [41, 'hi'])
    expect(res.status).toBe(200)
    expect(res.body.rows).toEqual([{ n: 42, s: 'hi' }])
    const values = await sql(
      platform,
      developer.token,
      ref,
      "select 9007199254740993::int8 as big, 12::int8 as small, 1.10::numeric as num, '\\x0102'::bytea as raw, '2024-02-29 13:14:15+00'::timestamptz at time zone 'UTC' as ts, array[1,2] as arr"
    )
    expect(values.status).toBe(200)
    expect(values.body.rows).toEqual([{ big: '9007199254740993', small: 12, num: '1.10', raw: '\\x0102', ts: '2024-02-29 13:14:15', arr: [1, 2] }])
    expect(values.body.fields.map((f: { type: string }) => f.type)).toEqual(['bigint', 'bigint', 'numeric', 'bytea', 'timestamp without time zone', 'integer[]'])

    const two = await sql(platform, developer.token, ref, 'select $1::int; select 2', [1])
    expect(two.status).toBe(400)
    expect(two.body.hint).toBe('A query with parameters holds exactly one statement.')
  })

  it('caps results at 100,000 rows with a truncated flag', async () => {
    const res = await sql(platform, developer.token, ref, 'select g from generate_series(1, 100001) g')
    expect(res.status).toBe(200)
    expect(res.body.rows).toHaveLength(100_000)
    expect(res.body.rows[99_999]).toEqual({ g: 100_000 })
    expect(res.body).toMatchObject({ truncated: true, rowCount: 100_001 })
  })

  it('lets Read-only members read but never write', async () => {
    const read = await sql(platform, reader.token, ref, 'select count(*) as n from todos')
    expect(read.body.rows).toEqual([{ n: 2 }])
    for (const statement of ['insert into todos (title) values ($$ro$$)', 'drop table todos', 'create table ro (id int)']) {
      const res = await sql(platform, reader.token, ref, statement)
      expect(res.status, statement).toBe(400)
      expect(res.body.code).toBe('25006')
      expect(res.body.message).toMatch(/read-only transaction/)
    }
    // One statement at a time: a script could otherwise end the read-only transaction and write after it.
    const escape = await sql(platform, reader.token, ref, 'commit; insert into todos (title) values ($$ro$$)')
    expect(escape.status).toBe(400)
    expect(escape.body.hint).toBe('Read-only members run one statement at a time.')
    const settings = await sql(platform, reader.token, ref, 'set default_transaction_read_only = off')
    expect(settings.status).toBe(200)
    const after = await sql(platform, reader.token, ref, 'insert into todos (title) values ($$ro$$)')
    expect(after.body.code).toBe('25006')
    const count = await sql(platform, owner.token, ref, `select count(*) as n from todos where title = 'ro'`)
    expect(count.body.rows).toEqual([{ n: 0 }])
  })

  it('resets the session after each request', async () => {
    const open = await sql(platform, developer.token, ref, 'begin; create table half_done (id int); set search_path = nowhere')
    expect(open.status).toBe(200)
    const next = await sql(platform, developer.token, ref, "select to_regclass('public.half_done') as t, current_setting('search_path') as path")
    expect(next.body.rows[0].t).toBeNull()
    expect(next.body.rows[0].path).toMatch(/public/)
    expect(next.body.rows[0].path).not.toMatch(/nowhere/)
  })

  it('resets the session after a script that leaves no transaction open (the end sent with its commit)', async () => {
    // One statement in the member's autocommit, then a script in its own implicit transaction:
    // both end with the commit and the reset in one round trip; neither's session state lasts.
    const single = await sql(platform, developer.token, ref, "select set_config('search_path', 'nowhere', false) as path")
    expect(single.status).toBe(200)
    const script = await sql(platform, developer.token, ref, "create temp table scratch (v int); listen member_channel; prepare member_plan as select 1; set work_mem = '1234kB'; select 1 as done")
    expect(script.status).toBe(200)
    expect(script.body.rows).toEqual([{ done: 1 }])
    const next = await sql(
      platform,
      developer.token,
      ref,
      `select to_regclass('pg_temp.scratch') as temp, current_setting('search_path') as path, current_setting('work_mem') as work_mem,
        (select count(*)::int from pg_prepared_statements) as prepared, 'member_channel' in (select pg_listening_channels()) as listening`
    )
    expect(next.status).toBe(200)
    expect(next.body.rows[0]).toMatchObject({ temp: null, prepared: 0, listening: false })
    expect(next.body.rows[0].path).not.toMatch(/nowhere/)
    expect(next.body.rows[0].work_mem).not.toBe('1234kB')
  })

  it('refuses requests without the x-connection-encrypted header on the hosted platform', async () => {
    for (const headers of [{}, { 'x-connection-encrypted': '' }, { 'x-connection-encrypted': 'false' }] as Record<string, string>[]) {
      const res = await platform.request(`/platform/pg-meta/${ref}/query`, { token: owner.token, headers, body: { query: 'select 1' } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Could not acquire a connection to the project database: the x-connection-encrypted header is missing')
    }
  })

  it('hides projects from non-members and anonymous callers, and validates the body', async () => {
    expect((await sql(platform, outsider.token, ref, 'select 1')).status).toBe(404)
    expect((await sql(platform, undefined, ref, 'select 1')).status).toBe(401)
    expect((await sql(platform, owner.token, 'abcdefghijklmnopqrst', 'select 1')).status).toBe(404)
    const headers = { 'x-connection-encrypted': 'x' }
    const empty = await platform.request(`/platform/pg-meta/${ref}/query`, { token: owner.token, headers, body: { query: '' } })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/query: must not be empty/)
    const extra = await platform.request(`/platform/pg-meta/${ref}/query`, { token: owner.token, headers, body: { query: 'select 1', limit: 5 } })
    expect(extra.body.message).toMatch(/unknown field "limit"/)
    const wrong = await platform.request(`/platform/pg-meta/${ref}/query`, { token: owner.token, headers, body: { query: 'select 1', parameters: 'x' } })
    expect(wrong.body.message).toMatch(/parameters: must be an array/)
  })

  it('runs as the project, not as the platform', async () => {
    const platformTables = await sql(platform, owner.token, ref, 'select count(*) from platform.users')
    expect(platformTables.status).toBe(400)
    expect(platformTables.body.code).toBe('42P01')
    if (platform.kind === 'postgres') {
      const who = await sql(platform, owner.token, ref, 'select current_user as u, current_database() as d')
      expect(who.body.rows).toEqual([{ u: `project_${ref}`, d: `project_${ref}` }])
      const program = await sql(platform, owner.token, ref, "copy (select 1) to program 'true'")
      expect(program.body.code).toBe('42501')
      const timeout = await sql(platform, owner.token, ref, 'show statement_timeout')
      expect(timeout.body.rows).toEqual([{ statement_timeout: '1min' }])
      // The member's statements are held to the project role (issue 9): no way back to the login role.
      const reset = await sql(platform, owner.token, ref, 'reset role; select current_user as u')
      expect(reset.body.message).toMatch(/cannot set parameter "role"/)
    }
  })
})
