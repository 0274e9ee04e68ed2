/**
 * Data in and out at scale (issue 25), on PGlite and on a Postgres server: a generated
 * 1,000,000-row CSV (quotes, commas, newlines, unicode, empty strings beside NULLs, and a 1 MB JSON
 * value) is imported through the endpoint and exported again byte for byte identical; the same
 * file with one bad record near its end imports nothing and names that record's line, counted
 * across the COPY chunks the file is cut into.
 */
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

const ROWS = 1_000_000
const BIG_ROW = 500_000
const CONNECTION = { 'x-connection-encrypted': 'test-connection' }

/** A field as COPY … CSV writes it: quoted when it holds a comma, quote or line break, or is the empty string. */
const field = (v: string | null) => (v === null ? '' : v === '' || /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
const NAMES = ['plain', 'with, comma', 'say "hi"', 'two\nlines', 'ünïcødé ☃ 😀', '', null, 'crlf\r\nend']
const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024), quote: '"', newline: '\n', snow: '☃' })

/** The file: a header and ROWS records; the lines each record takes, to name a bad one. */
function generate(badAt?: number): { csv: Buffer; lineOf: (row: number) => number } {
  const parts: string[] = ['id,name,doc\n']
  let line = 2
  let badLine = 0
  for (let id = 1; id <= ROWS; id++) {
    const name = NAMES[id % NAMES.length]
    const doc = id === BIG_ROW ? big : id % 10 === 0 ? `{"i": ${id}, "s": "a,b"}` : null
    if (id === badAt) badLine = line
    const record = id === badAt ? `${id},${field(name)},${field(doc)},extra\n` : `${id},${field(name)},${field(doc)}\n`
    parts.push(record)
    line += record.split('\n').length - 1
  }
  return { csv: Buffer.from(parts.join(''), 'utf8'), lineOf: () => badLine }
}

describe('a 1,000,000-row table in and out', () => {
  let platform: TestPlatform
  let token: string
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const team = await createTeamProject(platform, 'Million rows')
    token = team.developer.token
    ref = team.ref
    const setup = await sql(platform, token, ref, 'create table public.million (id int8 primary key, name text, doc json)')
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  })
  afterAll(async () => platform?.close())

  const importCsv = (csv: Buffer) =>
    platform.request(`/platform/pg-meta/${ref}/tables/import?options=${encodeURIComponent(JSON.stringify({ schema: 'public', table: 'million', columns: ['id', 'name', 'doc'], header: true, delimiter: ',' }))}`, {
      token,
      headers: { ...CONNECTION, 'Content-Type': 'text/csv' },
      rawBody: csv,
    })

  it('names the line of one bad record near the end and imports nothing', async () => {
    const { csv, lineOf } = generate(ROWS - 1_000)
    const res = await importCsv(csv)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body).toMatchObject({ code: '22P04', line: lineOf(ROWS - 1_000) })
    expect(lineOf(ROWS - 1_000)).toBeGreaterThan(ROWS)
    const count = await sql(platform, token, ref, 'select count(*)::int as n from public.million')
    expect((count.body as { rows: { n: number }[] }).rows[0].n).toBe(0)
  }, 600_000)

  it('imports the file and exports it again byte for byte identical', async () => {
    const { csv } = generate()
    const imported = await importCsv(csv)
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toMatchObject({ rows: ROWS })

    // The export is read as it streams and hashed, never held whole.
    const res = await fetch(`${platform.apiUrl}/platform/pg-meta/${ref}/tables/export?schema=public&table=million&format=csv`, {
      headers: { ...CONNECTION, Authorization: `Bearer ${token}` },
    })
    expect(res.status).toBe(200)
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk)
      bytes += chunk.length
    }
    expect(bytes).toBe(csv.length)
    expect(hash.digest('hex')).toBe(createHash('sha256').update(csv).digest('hex'))
  }, 600_000)
})
