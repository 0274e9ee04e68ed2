import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlField, SqlStreamLine } from '@/lib/api-types/sql'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql, type TeamMember } from './projects-helpers'

// `POST /platform/pg-meta/{ref}/query` with `Accept: application/x-ndjson` (server/projects/stream-query.ts):
// the same result as the JSON answer, as a head, chunks of row arrays, and an end or an error line.

type Streamed = { status: number; lines: SqlStreamLine[]; body: unknown }

describe('pg-meta streamed results', () => {
  let platform: TestPlatform
  let developer: TeamMember
  let reader: TeamMember
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const team = await createTeamProject(platform, 'Stream')
    developer = team.developer
    reader = team.reader
    ref = team.ref
  })
  afterAll(async () => platform?.close())

  function post(token: string, query: string, options: { maxBytes?: string; signal?: AbortSignal } = {}) {
    return fetch(`${platform.apiUrl}/platform/pg-meta/${ref}/query`, {
      method: 'POST',
      signal: options.signal,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/x-ndjson',
        'x-connection-encrypted': 'test',
        ...(options.maxBytes ? { 'x-result-max-bytes': options.maxBytes } : {}),
      },
      body: JSON.stringify({ query }),
    })
  }

  async function stream(token: string, query: string, maxBytes?: string): Promise<Streamed> {
    const res = await post(token, query, { maxBytes })
    const text = await res.text()
    if (!res.headers.get('content-type')?.startsWith('application/x-ndjson')) return { status: res.status, lines: [], body: JSON.parse(text) }
    expect(text.endsWith('\n')).toBe(true)
    return { status: res.status, lines: text.trimEnd().split('\n').map((l) => JSON.parse(l) as SqlStreamLine), body: null }
  }

  const fieldsOf = (lines: SqlStreamLine[]) => (lines[0] as { fields: SqlField[] }).fields
  const rowsOf = (lines: SqlStreamLine[]) => lines.flatMap((l) => ('rows' in l ? l.rows : []))
  const last = (lines: SqlStreamLine[]) => lines[lines.length - 1]

  it('gives the rows of the JSON answer, types and NULLs alike, as arrays in the fields’ order', async () => {
    const query = `select 1::int4 as i, 9007199254740993::int8 as big, 12.50::numeric as n, 'x'::text as t, null::text as nothing, true as b,
      '{"a":[1,null]}'::jsonb as j, date '2025-05-16' as d, timestamptz '2025-05-16 10:00:00+02' as ts, '\\x00ff'::bytea as bytes,
      array[1, null, 3] as arr, interval '1 day' as iv, pg_sleep(0) as v`
    const json = await sql(platform, developer.token, ref, query)
    expect(json.status).toBe(200)
    const streamed = await stream(developer.token, query)
    expect(streamed.status).toBe(200)
    expect(fieldsOf(streamed.lines)).toEqual(json.body.fields)
    const names = (json.body.fields as SqlField[]).map((f) => f.name)
    expect(rowsOf(streamed.lines)).toEqual(json.body.rows.map((row: Record<string, unknown>) => names.map((n) => row[n])))
    expect(rowsOf(streamed.lines)[0][4]).toBeNull()
    expect(last(streamed.lines)).toEqual({ end: { rowCount: 1, command: 'SELECT', truncated: false } })
  })

  it('sends many rows in several chunks, the first one small', async () => {
    const { status, lines } = await stream(developer.token, 'select i, md5(i::text) as h from generate_series(1, 5000) i')
    expect(status).toBe(200)
    const chunks = lines.filter((l) => 'rows' in l) as { rows: unknown[][] }[]
    expect(chunks.length).toBeGreaterThan(2)
    expect(chunks[0].rows.length).toBeLessThan(1000)
    const rows = rowsOf(lines)
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1))
    expect(last(lines)).toEqual({ end: { rowCount: 5000, command: 'SELECT', truncated: false } })
  })

  it('carries large values whole', async () => {
    const { lines } = await stream(developer.token, `select repeat('é', 1000000) as big, null::text as after`)
    const [row] = rowsOf(lines)
    expect((row[0] as string).length).toBe(1_000_000)
    expect(row[1]).toBeNull()
  })

  it('answers a statement that fails before any row with the usual 400', async () => {
    const res = await stream(developer.token, 'select 1 as one;\nselect 1/0 as x')
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body).toMatchObject({ code: '22012', message: 'division by zero' })
  })

  it('answers a statement without rows with its command', async () => {
    const { status, lines } = await stream(developer.token, 'create table streamed (id int primary key, note text)')
    expect(status).toBe(200)
    expect(lines).toEqual([{ fields: [] }, { end: { rowCount: null, command: 'CREATE', truncated: false } }])
  })

  it('commits a streamed script and resets the session in one end: its writes kept, its session state gone', async () => {
    const { status, lines } = await stream(
      developer.token,
      "create table if not exists streamed_kept (v int); insert into streamed_kept values (7); select set_config('search_path', 'nowhere', false) as p, v from public.streamed_kept"
    )
    expect(status).toBe(200)
    expect(last(lines)).toEqual({ end: { rowCount: 1, command: 'SELECT', truncated: false } })
    const after = await stream(developer.token, "select current_setting('search_path') as path, (select count(*)::int from public.streamed_kept) as n")
    expect(rowsOf(after.lines)[0][0]).not.toMatch(/nowhere/)
    expect(rowsOf(after.lines)[0][1]).toBe(1)
  })

  it('keeps a Read-only member read-only', async () => {
    const res = await stream(reader.token, `insert into streamed values (1, 'no') returning id`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: '25006' })
    expect((await stream(reader.token, 'select count(*)::int as n from streamed')).lines[1]).toEqual({ rows: [[0]] })
  })

  it('stops a result over the size the client holds midway: the rows so far, then the error, and nothing kept', async () => {
    const query = `with added as (insert into streamed select i, md5(i::text) from generate_series(1, 5000) i returning id, note) select * from added`
    const { status, lines } = await stream(developer.token, query, '60000')
    expect(status).toBe(200)
    const rows = rowsOf(lines)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(5000)
    const end = last(lines) as { error: { code: string; message: string } }
    expect(end.error.code).toBe('54000')
    expect(end.error.message).toMatch(/larger than .* MiB, more than the browser can hold/)
    // The query was stopped: its transaction rolled back.
    expect((await stream(developer.token, 'select count(*)::int as n from streamed')).lines[1]).toEqual({ rows: [[0]] })
  })

  it('refuses a size header that is no number of bytes', async () => {
    const res = await stream(developer.token, 'select 1', 'lots')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: expect.stringContaining('x-result-max-bytes') })
  })

  it('cuts a result at the row cap and says how many rows there were', async () => {
    const { lines } = await stream(developer.token, 'select i from generate_series(1, 100002) i')
    expect(rowsOf(lines).length).toBe(100_000)
    expect(last(lines)).toEqual({ end: { rowCount: 100_002, command: 'SELECT', truncated: true } })
  })

  it('stops the query when the client leaves after the first rows (its writes rolled back)', async () => {
    const controller = new AbortController()
    const query = `with added as (insert into streamed select i, repeat('y', 2000) from generate_series(1, 20000) i returning id, note) select * from added`
    const res = await post(developer.token, query, { signal: controller.signal })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    controller.abort()
    await reader.cancel().catch(() => {})
    await expect
      .poll(async () => (await stream(developer.token, 'select count(*)::int as n from streamed')).lines[1], { timeout: 10_000 })
      .toEqual({ rows: [[0]] })
  })

  it.runIf(usePostgres)('cancels the running statement in the database when the client leaves', async () => {
    const controller = new AbortController()
    const running = post(developer.token, 'select pg_sleep(30) as slept', { signal: controller.signal }).catch((error: unknown) => error)
    const { getStore } = await import('@/server/db/store')
    const store = await getStore()
    const sleeping = async () => {
      const { rows } = await store.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where usename = $1 and query like '%__sql_stream%' and state = 'active'`,
        [`project_${ref}_dashboard`]
      )
      return rows[0].n
    }
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(1)
    controller.abort()
    expect(await running).toBeInstanceOf(Error)
    await expect.poll(sleeping, { timeout: 5_000 }).toBe(0)
  })
})
