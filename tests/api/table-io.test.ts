/**
 * Data in and out of a table (server/table-io) through the real endpoints, on PGlite and on a
 * Postgres server: CSV imports into an existing and a new table, all or nothing with the bad line
 * named, exports as CSV, JSON and SQL that round-trip byte for byte, Read-only members exporting
 * but never importing, and what a hostile tenant would try (names, types, row level security,
 * triggers running as the member, never as the platform).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportOptions } from '@/lib/api-types/table-io'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }
const CONNECTION = { 'x-connection-encrypted': 'test-connection' }

const SCHEMA = 'Im "port"; é'
const TABLE = `Ro "ws"; ☃`
const qSchema = `"Im ""port""; é"`
const qTable = `"Ro ""ws""; ☃"`

describe('table import and export', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ developer, reader, ref } = await createTeamProject(platform, 'Table io'))
    const setup = await sql(
      platform,
      developer.token,
      ref,
      `create schema ${qSchema}; create table ${qSchema}.${qTable} (id int primary key, name text not null, doc json, tags text[], at timestamptz, n numeric check (n >= 0))`
    )
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  })
  afterAll(async () => platform?.close())

  const importCsv = (user: User, options: Partial<ImportOptions>, csv: string | Uint8Array, contentType = 'text/csv') =>
    platform.request(`/platform/pg-meta/${ref}/tables/import?options=${encodeURIComponent(JSON.stringify({ schema: SCHEMA, table: TABLE, header: true, delimiter: ',', ...options }))}`, {
      token: user.token,
      headers: { ...CONNECTION, 'Content-Type': contentType },
      rawBody: csv,
    })
  const exportAs = (user: User, format: string, extra = '', schema = SCHEMA, table = TABLE) =>
    platform.request(`/platform/pg-meta/${ref}/tables/export?schema=${encodeURIComponent(schema)}&table=${encodeURIComponent(table)}&format=${format}${extra}`, {
      token: user.token,
      headers: CONNECTION,
    })
  const count = async (table = `${qSchema}.${qTable}`) => Number(((await sql(platform, developer.token, ref, `select count(*)::int as n from ${table}`)).body as { rows: { n: number }[] }).rows[0].n)

  const COLUMNS = ['id', 'name', 'doc', 'tags', 'at', 'n']
  const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024), quote: '"', newline: '\n' })
  const csvOf = (lines: string[]) => `${COLUMNS.join(',')}\n${lines.join('\n')}\n`
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`
  const GOOD = [
    `1,plain,"{""a"": 1}","{a,b}",2024-01-02 03:04:05+00,1.5`,
    `2,${quote('with, comma and "quotes"')},,,,`,
    `3,${quote('two\nlines ☃ ünïcode')},${quote(big)},{},,0`,
    `4,"",null-looking,,,`.replace('null-looking', quote('"null"')),
  ]

  it('imports a CSV into an existing table, quotes, newlines, unicode and a 1 MB JSON value kept', async () => {
    const res = await importCsv(developer, { columns: COLUMNS }, csvOf(GOOD))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ rows: 4, created: false })
    const rows = (await sql(platform, developer.token, ref, `select id, name, doc::text as doc, tags, n::text as n from ${qSchema}.${qTable} order by id`)).body as { rows: Record<string, unknown>[] }
    expect(rows.rows[1]).toMatchObject({ name: 'with, comma and "quotes"', doc: null, tags: null })
    expect(rows.rows[2]).toMatchObject({ name: 'two\nlines ☃ ünïcode', doc: big })
    expect(rows.rows[3]).toMatchObject({ name: '', doc: '"null"' })
  })

  it('exports the table as CSV byte for byte as COPY writes it, and again after a round trip', async () => {
    const res = await exportAs(reader, 'csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''")
    const file = res.body as string
    const copied = (await sql(platform, developer.token, ref, `select count(*) from ${qSchema}.${qTable}`)).body
    expect(copied).toBeTruthy()
    expect(file).toBe(csvOf(GOOD.map((l) => l.replace('2024-01-02 03:04:05+00', '2024-01-02 03:04:05+00'))))
    // Into a copy of the table and out again: the same bytes.
    expect((await sql(platform, developer.token, ref, `create table ${qSchema}."copy" (like ${qSchema}.${qTable} including all)`)).status).toBe(200)
    const again = await importCsv(developer, { table: 'copy', columns: COLUMNS }, file)
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect((await exportAs(developer, 'csv', '', SCHEMA, 'copy')).body).toBe(file)
  })

  it('writes the cells of numbers, times, uuids and addresses as they are, NULL as nothing, as COPY does', async () => {
    const made = await sql(
      platform,
      developer.token,
      ref,
      `create table public.plain_types (id int2 primary key, a int4, b int8, c numeric, d float4, e float8, f bool, g date, h time, i timetz, j timestamp, k timestamptz, l interval, m uuid, n oid, o inet, p cidr, q macaddr);
       insert into public.plain_types values (1, -2, 9223372036854775807, 1.50, 'NaN', '-Infinity', true, '2024-02-29', '03:04:05.5', '03:04:05+02', '2024-01-02 03:04:05', '2024-01-02 03:04:05+00', '1 day 02:00:00', '5f0c8a8e-9b1d-4c3e-8f2a-1b2c3d4e5f60', 42, '::1', '10.0.0.0/8', '08:00:2b:01:02:03'), (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null)`
    )
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await exportAs(developer, 'csv', '', 'public', 'plain_types')
    expect(res.body).toBe(
      'id,a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q\n' +
        '1,-2,9223372036854775807,1.50,NaN,-Infinity,t,2024-02-29,03:04:05.5,03:04:05+02,2024-01-02 03:04:05,2024-01-02 03:04:05+00,1 day 02:00:00,5f0c8a8e-9b1d-4c3e-8f2a-1b2c3d4e5f60,42,::1,10.0.0.0/8,08:00:2b:01:02:03\n' +
        '2,,,,,,,,,,,,,,,,,\n'
    )
  })

  it('exports a filtered table with a two-column key across COPY chunks (PGlite cuts every 20,000 rows by key), every row once, in key order', async () => {
    const setup = await sql(
      platform,
      developer.token,
      ref,
      `create table ${qSchema}.keyed (a int, b text, v text, primary key (a, b));
       insert into ${qSchema}.keyed select i % 3, 'k' || lpad(i::text, 6, '0'), case when i % 1000 = 0 then 'x, "y"' end from pg_catalog.generate_series(1, 50001) i`
    )
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
    const expected = (keep: (a: number) => boolean) => {
      const rows = Array.from({ length: 50001 }, (_, k) => k + 1)
        .filter((i) => keep(i % 3))
        .sort((x, y) => (x % 3) - (y % 3) || x - y)
        .map((i) => `${i % 3},k${String(i).padStart(6, '0')},${i % 1000 === 0 ? quote('x, "y"') : ''}`)
      return `a,b,v\n${rows.join('\n')}\n`
    }
    const all = await exportAs(reader, 'csv', '', SCHEMA, 'keyed')
    expect(all.status).toBe(200)
    expect(all.body).toBe(expected(() => true))
    const filtered = await exportAs(developer, 'csv', `&filters=${encodeURIComponent(JSON.stringify([{ column: 'a', operator: '<>', value: '1' }]))}`, SCHEMA, 'keyed')
    expect(filtered.body).toBe(expected((a) => a !== 1))
  })

  it('exports JSON and SQL INSERTs, filtered and sorted as the table editor shows them', async () => {
    const json = await exportAs(developer, 'json', `&filters=${encodeURIComponent(JSON.stringify([{ column: 'id', operator: '>', value: '1' }]))}&sorts=${encodeURIComponent(JSON.stringify([{ column: 'id', direction: 'desc' }]))}`)
    expect(json.status).toBe(200)
    const parsed = json.body as { id: number; doc: unknown }[]
    expect(parsed.map((r) => r.id)).toEqual([4, 3, 2])
    expect(parsed[1].doc).toEqual(JSON.parse(big))
    const inserts = await exportAs(developer, 'sql')
    const text = inserts.body as string
    expect(text.split('\n')[0]).toBe(`INSERT INTO ${qSchema}.${qTable} ("id", "name", "doc", "tags", "at", "n") VALUES ('1', 'plain', '{"a": 1}', '{a,b}', '2024-01-02 03:04:05+00', '1.5');`)
    // The INSERTs re-create the rows (all but the 1 MB one: the SQL editor takes at most 1 MiB).
    const small = (await exportAs(developer, 'sql', `&filters=${encodeURIComponent(JSON.stringify([{ column: 'id', operator: '<>', value: '3' }]))}`)).body as string
    expect(small.match(/^INSERT INTO/gm)).toHaveLength(3)
    const rerun = await sql(platform, developer.token, ref, `create table ${qSchema}.again (like ${qSchema}.${qTable}); ${small.replaceAll(`INTO ${qSchema}.${qTable}`, `INTO ${qSchema}.again`)}`)
    expect(rerun.status, JSON.stringify(rerun.body)).toBe(200)
    expect(await count(`${qSchema}.again`)).toBe(3)
  })

  it('imports nothing from a file with one bad line and names the line (a cast, a constraint, a malformed record)', async () => {
    const before = await count()
    const lines = Array.from({ length: 200 }, (_, i) => `${100 + i},row ${i},,,,1`)
    const badCast = [...lines]
    badCast[150] = `250,"spans\ntwo lines",,,,1`
    badCast[170] = `270,bad,,,,not-a-number`
    const res = await importCsv(developer, { columns: COLUMNS }, csvOf(badCast))
    expect(res.status).toBe(400)
    // Line 1 is the header; record 171 starts on line 173 (record 151 spans two lines).
    expect(res.body).toMatchObject({ line: 173, code: '22P02' })
    expect((res.body as { message: string }).message).toContain('not-a-number')

    const badCheck = [...lines]
    badCheck[42] = `142,negative,,,,-1`
    expect((await importCsv(developer, { columns: COLUMNS }, csvOf(badCheck))).body).toMatchObject({ line: 44, code: '23514' })

    const malformed = [...lines]
    malformed[9] = `109,too,many,fields,,,,,`
    const bad = await importCsv(developer, { columns: COLUMNS }, csvOf(malformed))
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ line: 11, code: '22P04' })
    expect(await count()).toBe(before)
  })

  it('creates a new table from a file with its types and key, recorded as a migration; a paste with tabs works too', async () => {
    const res = await importCsv(
      developer,
      {
        table: 'from paste',
        columns: ['code', null, 'amount'],
        delimiter: '\t',
        create: { columns: [{ name: 'code', type: 'text' }, { name: 'amount', type: 'int8' }], primaryKey: 'code' },
      },
      'code\tskipped\tamount\nA\tx\t1\nB\ty\t2\n',
      'text/tab-separated-values'
    )
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ rows: 2, created: true, migration: expect.any(String), table: { schema: SCHEMA, name: 'from paste' } })
    // The new table's oid, for the table editor to open it.
    const oid = (await sql(platform, developer.token, ref, `select '${qSchema.replace(/'/g, "''")}."from paste"'::regclass::oid::int8 as id`)).body as { rows: { id: string | number }[] }
    expect((res.body as { table: { id: number } }).table.id).toBe(Number(oid.rows[0].id))
    const cols = (await sql(platform, developer.token, ref, `select column_name::text, data_type::text from information_schema.columns where table_name = 'from paste' order by ordinal_position`)).body as { rows: unknown[] }
    expect(cols.rows, JSON.stringify(cols)).toEqual([{ column_name: 'code', data_type: 'text' }, { column_name: 'amount', data_type: 'bigint' }])
    const migrations = (await platform.request(`/platform/projects/${ref}/database/migrations`, { token: developer.token })).body as { name: string; statements: string[] }[]
    expect(migrations.find((m) => m.name === 'import_from paste')?.statements[0]).toContain(`create table ${qSchema}."from paste"`)
    // A failed import into a new table leaves no table behind.
    const failed = await importCsv(developer, { table: 'never', columns: ['a'], create: { columns: [{ name: 'a', type: 'int' }], primaryKey: null } }, 'a\n1\nx\n')
    expect(failed.body).toMatchObject({ line: 3 })
    expect(((await sql(platform, developer.token, ref, `select to_regclass('${qSchema.replace(/'/g, "''")}.never') as t`)).body as { rows: { t: unknown }[] }).rows[0].t).toBeNull()
  })

  it('refuses a type that is SQL in disguise, unknown columns, bad options and a Read-only member, naming the problem', async () => {
    const hostileType = await importCsv(developer, { table: 'evil', columns: ['a'], create: { columns: [{ name: 'a', type: 'int); drop table x; --' }], primaryKey: null } }, 'a\n1\n')
    expect(hostileType.status).toBe(400)
    expect((hostileType.body as { message: string }).message).toContain('does not exist')
    const unknown = await importCsv(developer, { columns: ['id', 'nope'] }, 'id,nope\n1,2\n')
    expect(unknown.body).toMatchObject({ code: '42703' })
    const twice = await importCsv(developer, { columns: ['id', 'id'] }, 'a,b\n')
    expect(twice.status).toBe(400)
    expect((twice.body as { message: string }).message).toContain('same column')
    const notJson = await platform.request(`/platform/pg-meta/${ref}/tables/import?options=nope`, { token: developer.token, headers: { ...CONNECTION, 'Content-Type': 'text/csv' }, rawBody: 'a\n' })
    expect(notJson.status).toBe(400)
    expect((notJson.body as { message: string }).message).toBe('options must be JSON')
    const wrongType = await importCsv(developer, { columns: ['id'] }, '{}', 'application/json')
    expect(wrongType.status).toBe(400)
    expect((await importCsv(reader, { columns: COLUMNS }, csvOf(GOOD))).status).toBe(403)
    const badFilter = await exportAs(developer, 'csv', `&filters=${encodeURIComponent(JSON.stringify([{ column: 'id', operator: 'drop', value: '1' }]))}`)
    expect(badFilter.status).toBe(400)
    expect((badFilter.body as { message: string }).message).toContain('filters')
    const noColumn = await exportAs(developer, 'csv', `&filters=${encodeURIComponent(JSON.stringify([{ column: 'secret', operator: '=', value: '1' }]))}`)
    expect(noColumn.status).toBe(400)
    expect((await exportAs(developer, 'csv', '', SCHEMA, 'no such table')).status).toBe(404)
  })

  it('imports with the member’s rights: their trigger runs as them, and row level security and privileges decide', async () => {
    const setup = await sql(
      platform,
      developer.token,
      ref,
      `create table public.audited (v text);
       create table public.who (r text, s text);
       create function public.note_who() returns trigger language plpgsql as $$ begin insert into public.who values (current_user, session_user); return new; end $$;
       create trigger note before insert on public.audited for each row execute function public.note_who();
       create table public.closed (v text); revoke all on public.closed from ${'public'}`
    )
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
    const res = await importCsv(developer, { schema: 'public', table: 'audited', columns: ['v'] }, 'v\nx\n')
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const who = (await sql(platform, developer.token, ref, 'select r from public.who')).body as { rows: { r: string }[] }
    expect(who.rows.map((r) => r.r)).toEqual([`project_${ref}`])
    // The staging table is gone with the transaction, and was never the member's to keep.
    expect(((await sql(platform, developer.token, ref, `select to_regclass('pg_temp.__table_import') as t`)).body as { rows: { t: unknown }[] }).rows[0].t).toBeNull()
  })
})
