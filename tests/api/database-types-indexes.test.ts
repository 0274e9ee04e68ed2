/**
 * The Enumerated types and Indexes screens' SQL through the real platform endpoint
 * (`POST /platform/pg-meta/{ref}/query`) on a real project database: PGlite, or a database on a
 * Postgres server (scripts/with-postgres.sh) where the project's role is not a superuser. Every
 * statement the forms generate runs, hostile names and values included; Read-only members run
 * the list queries and are refused the DDL. CREATE INDEX CONCURRENTLY runs on a server only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addEnumValueSql,
  createEnumTypeSql,
  dropEnumTypeSql,
  ENUM_TYPES_SQL,
  enumUses,
  renameEnumTypeSql,
  renameEnumValueSql,
  toEnumType,
  type EnumTypeRow,
} from '@/lib/database/enum-types'
import {
  createIndexSql,
  dropIndexSql,
  INDEX_COLUMNS_SQL,
  INDEX_METHODS_SQL,
  INDEXES_SQL,
  toIndexColumn,
  type IndexColumnRow,
  type IndexMethodRow,
  type IndexRow,
  type IndexSpec,
} from '@/lib/database/indexes'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

const HOSTILE = `'); drop table x; --`
const SCHEMA = 'Sch "ema"; é'
const TABLE = `Or "ders"; ☃`
const qSchema = `"Sch ""ema""; é"`
const qTable = `"Or ""ders""; ☃"`

describe('enumerated types and indexes on a project database', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string
  const hidden = postgresArrayText(HIDDEN_SCHEMAS)

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ developer, reader, ref } = await createTeamProject(platform, 'Types and indexes'))
    const setup = await sql(platform, developer.token, ref, `create schema ${qSchema}; create table ${qSchema}.${qTable} (id int primary key, "cust id" int, tags text[], note text)`)
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  })
  afterAll(async () => platform?.close())

  const run = async (user: User, text: string, parameters?: unknown[]) => {
    const res = await sql(platform, user.token, ref, text, parameters)
    return res as { status: number; body: { rows: unknown[]; message: string } }
  }
  const ok = async (text: string) => {
    const res = await run(developer, text)
    expect(res.status, `${text}: ${JSON.stringify(res.body)}`).toBe(200)
  }
  const types = async () => ((await run(reader, ENUM_TYPES_SQL, [hidden])).body.rows as EnumTypeRow[]).map(toEnumType)
  const indexes = async () => ((await run(reader, INDEXES_SQL, [hidden])).body.rows as IndexRow[]).filter((r) => r.table_name === TABLE)

  it('runs every list query for a Read-only member', async () => {
    for (const [text, parameters] of [
      [ENUM_TYPES_SQL, [hidden]],
      [INDEXES_SQL, [hidden]],
      [INDEX_METHODS_SQL, []],
      [INDEX_COLUMNS_SQL, [SCHEMA, TABLE]],
    ] as const) {
      const res = await run(reader, text, [...parameters])
      expect(res.status, `${text.slice(0, 60)}: ${JSON.stringify(res.body)}`).toBe(200)
    }
  })

  it('creates, extends, renames and drops an enum type with hostile names and values', async () => {
    const type = { schema: SCHEMA, name: HOSTILE }
    await ok(createEnumTypeSql({ ...type, values: ['b', HOSTILE, 'ünï "q"'] }))
    // Each ADD VALUE runs in a transaction of its own: the value is never used in the one adding it.
    await ok(addEnumValueSql(type, 'a', { placement: 'BEFORE', anchor: 'b' }))
    await ok(addEnumValueSql(type, 'c; --', { placement: 'AFTER', anchor: HOSTILE }))
    await ok(addEnumValueSql(type, 'z', null))
    await ok(renameEnumValueSql(type, 'z', `it's`))
    await ok(`alter table ${qSchema}.${qTable} add column status ${qSchema}."'); drop table x; --"`)
    await ok(`create function ${qSchema}.pick(s ${qSchema}."'); drop table x; --") returns int language sql as 'select 1'`)

    const [listed] = await types()
    expect(listed).toMatchObject({ schema: SCHEMA, name: HOSTILE, values: ['a', 'b', HOSTILE, 'c; --', 'ünï "q"', `it's`] })
    expect(enumUses(listed).columns).toEqual([`${SCHEMA}.${TABLE}.status`])
    expect(enumUses(listed).functions).toHaveLength(1)

    // Read-only members are refused every change.
    for (const text of [createEnumTypeSql({ schema: 'public', name: 'mood', values: ['x'] }), addEnumValueSql(type, 'y', null), dropEnumTypeSql(type, true)]) {
      const refused = await run(reader, text)
      expect(refused.status, text).toBe(400)
    }

    // Without CASCADE the drop is refused while the column and function use the type.
    const refused = await run(developer, dropEnumTypeSql(type, false))
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/depend/)
    await ok(renameEnumTypeSql(type, 'renamed "t"'))
    expect((await types())[0].name).toBe('renamed "t"')
    await ok(dropEnumTypeSql({ schema: SCHEMA, name: 'renamed "t"' }, true))
    expect(await types()).toEqual([])
    const columns = (await run(reader, INDEX_COLUMNS_SQL, [SCHEMA, TABLE])).body.rows as IndexColumnRow[]
    expect(columns.map((c) => c.name)).toEqual(['id', 'cust id', 'tags', 'note'])
  })

  const spec = (overrides: Partial<IndexSpec>): IndexSpec => ({ name: '', schema: SCHEMA, table: TABLE, method: 'btree', columns: ['cust id'], unique: false, where: '', concurrently: false, ...overrides })

  it('lists methods and columns, creates each kind of index and drops it', async () => {
    const methods = (await run(reader, INDEX_METHODS_SQL, [])).body.rows as IndexMethodRow[]
    expect(methods.map((m) => m.name)).toEqual(expect.arrayContaining(['btree', 'hash', 'gin', 'gist', 'brin']))
    const columns = ((await run(reader, INDEX_COLUMNS_SQL, [SCHEMA, TABLE])).body.rows as IndexColumnRow[]).map(toIndexColumn)
    expect(columns.find((c) => c.name === 'tags')?.methods).toContain('gin')

    await ok(createIndexSql(spec({ name: HOSTILE, columns: ['cust id', 'note'], unique: true, where: "note <> ';'" })))
    await ok(createIndexSql(spec({ name: 'by_hash', method: 'hash', columns: ['note'] })))
    await ok(createIndexSql(spec({ name: 'by_tags', method: 'gin', columns: ['tags'] })))
    await ok(createIndexSql(spec({ name: 'by_brin', method: 'brin', columns: ['id'] })))
    await ok(createIndexSql(spec({ columns: ['note'] })))
    const listed = await indexes()
    expect(listed.map((r) => [r.name, r.method, r.is_unique, r.is_primary])).toEqual(
      expect.arrayContaining([
        [HOSTILE, 'btree', true, false],
        ['by_hash', 'hash', false, false],
        ['by_tags', 'gin', false, false],
        ['by_brin', 'brin', false, false],
        [`${TABLE}_note_idx`, 'btree', false, false],
        [`${TABLE}_pkey`, 'btree', true, true],
      ])
    )
    expect(listed.find((r) => r.name === HOSTILE)?.definition).toContain(`WHERE (note <> ';'::text)`)
    expect(Number(listed[0].size_bytes)).toBeGreaterThan(0)
    expect(Number(listed[0].scans)).toBeGreaterThanOrEqual(0)

    const refused = await run(reader, createIndexSql(spec({ name: 'nope', columns: ['id'] })))
    expect(refused.status).toBe(400)
    const refusedDrop = await run(reader, dropIndexSql({ schema: SCHEMA, table: TABLE, name: HOSTILE, constraint: null }))
    expect(refusedDrop.status).toBe(400)

    for (const name of [HOSTILE, 'by_hash', 'by_tags', 'by_brin', `${TABLE}_note_idx`]) await ok(dropIndexSql({ schema: SCHEMA, table: TABLE, name, constraint: null }))
    await ok(dropIndexSql({ schema: SCHEMA, table: TABLE, name: `${TABLE}_pkey`, constraint: `${TABLE}_pkey` }))
    expect(await indexes()).toEqual([])
  })

  it('creates an index CONCURRENTLY on a Postgres server, alone, as the owner; PGlite refuses it with a reason', async () => {
    const concurrent = createIndexSql(spec({ name: 'conc "i"', columns: ['note'], concurrently: true }))
    const reading = await run(reader, concurrent)
    expect(reading.status).toBe(400)
    const inScript = await run(developer, `BEGIN;\n${concurrent}\nCOMMIT;`)
    expect(inScript.status).toBe(400)
    const res = await run(developer, concurrent)
    if (usePostgres) {
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(inScript.body.message).toMatch(/transaction block/)
      const created = (await indexes()).find((r) => r.name === 'conc "i"')
      expect(created).toMatchObject({ is_valid: true, method: 'btree' })
      // The session is the member's again: the next statement runs in the jail, not as the owner outside it.
      const who = await run(developer, 'select current_user::text as u, session_user = current_user as same')
      expect(who.body.rows).toEqual([{ u: expect.stringMatching(/^project_/), same: false }])
      await ok(dropIndexSql({ schema: SCHEMA, table: TABLE, name: 'conc "i"', constraint: null }))
    } else {
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/Postgres server/)
    }
  })
})
