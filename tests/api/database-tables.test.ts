/**
 * The Tables screen's and the table panel's SQL through the real platform endpoint
 * (`POST /platform/pg-meta/{ref}/query`) on a real project database: PGlite, or a database on a
 * Postgres server (scripts/with-postgres.sh) where the member's role is not a superuser. Hostile
 * names round-trip; Read-only members run every list query and are refused every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogueToForm } from '@/components/interfaces/TableEditor/TableEditor.utils'
import { COLUMN_TYPES_SQL, columnTypeOptions, type ColumnTypeRow } from '@/lib/database/column-types'
import {
  EXACT_COUNT_MAX_BYTES,
  EXACT_COUNT_THRESHOLD,
  exactCountSql,
  PUBLICATION_EXISTS_SQL,
  REALTIME_PUBLICATION,
  setRealtimeSql,
  setRowLevelSecuritySql,
  TABLE_DEPENDENTS_SQL,
  TABLES_OVERVIEW_SQL,
  type TableOverviewRow,
} from '@/lib/database/tables'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { alterTableSql, createTableSql, dropTableSql, duplicateTableSql, type ColumnSpec } from '@/lib/sql/ddl'
import { parseCatalogueRows, postgresArrayText, TABLE_CATALOGUE_SQL, tableCatalogueParameters } from '@/lib/sql/table-description'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

const SCHEMA = `Sch "é"; drop schema x; --`
const TABLE = `T'able "1"; drop table x; --`
const column = (overrides: Partial<ColumnSpec>): ColumnSpec => ({
  name: 'c', type: 'text', defaultValue: '', isNullable: true, isUnique: false, isIdentity: false, isPrimaryKey: false, foreignKey: null, ...overrides,
})

describe('database tables screen on a project database', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string

  const ok = async (token: string, query: string, parameters?: unknown[]) => {
    const res = await sql(platform, token, ref, query, parameters)
    expect(res.status, `${query.slice(0, 80)}: ${JSON.stringify(res.body)}`).toBe(200)
    return res.body.rows as Record<string, unknown>[]
  }
  const overview = async (schema: string, token = reader.token) =>
    (await ok(token, TABLES_OVERVIEW_SQL, [schema, REALTIME_PUBLICATION, EXACT_COUNT_THRESHOLD, EXACT_COUNT_MAX_BYTES])) as unknown as TableOverviewRow[]
  const catalogue = async (schema: string, name: string) => {
    const [{ id }] = await ok(reader.token, 'select to_regclass($1)::oid::int8 as id', [`"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`])
    return parseCatalogueRows(await ok(reader.token, TABLE_CATALOGUE_SQL, tableCatalogueParameters({ ids: [Number(id)] })))[0]
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ developer, reader, ref } = await createTeamProject(platform, 'Database tables'))
    // Another part of the platform makes the publication in every project; until then, here.
    const [{ exists }] = await ok(developer.token, PUBLICATION_EXISTS_SQL, [REALTIME_PUBLICATION])
    if (!exists) await ok(developer.token, `create publication ${REALTIME_PUBLICATION}`)
    await ok(developer.token, `create schema "${SCHEMA.replaceAll('"', '""')}"; create type public.mood as enum ('happy', 'sad')`)
  }, 240_000)
  afterAll(async () => platform?.close())

  it('creates a table with hostile names, identity always, a foreign key, an enum, a check and defaults', async () => {
    await ok(developer.token, createTableSql({ schema: SCHEMA, name: 'parent' }, [column({ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true, isNullable: false })]))
    const script = createTableSql(
      { schema: SCHEMA, name: TABLE },
      [
        column({ name: 'id', type: 'int8', isIdentity: true, identityAlways: true, isPrimaryKey: true, isNullable: false }),
        column({ name: `Col "x"; --`, type: 'public.mood[]', defaultValue: "'{}'" }),
        column({ name: 'created', type: 'timestamptz', defaultValue: 'now()', isNullable: false }),
        column({ name: 'ref', type: 'uuid', defaultValue: 'gen_random_uuid()', isUnique: true }),
        column({ name: 'parent', type: 'int8', foreignKey: { schema: SCHEMA, table: 'parent', column: 'id', onDelete: 'CASCADE', onUpdate: 'RESTRICT' } }),
      ],
      [{ name: `positive "id"`, expression: 'id > 0' }]
    )
    await ok(developer.token, script)
    const table = await catalogue(SCHEMA, TABLE)
    expect(table.columns.map((c) => [c.name, c.data_type, c.identity])).toEqual([
      ['id', 'bigint', 'a'],
      [`Col "x"; --`, 'mood[]', null],
      ['created', 'timestamp with time zone', null],
      ['ref', 'uuid', null],
      ['parent', 'bigint', null],
    ])
    expect(table.constraints.find((k) => k.type === 'f')).toMatchObject({ target_table: 'parent', on_delete: 'c', on_update: 'r' })
    expect(table.constraints.find((k) => k.type === 'c')).toMatchObject({ name: 'positive "id"', check_expression: 'id > 0' })
    // The check holds.
    const bad = await sql(platform, developer.token, ref, `insert into "${SCHEMA.replaceAll('"', '""')}"."${TABLE.replaceAll('"', '""')}" (id) overriding system value values (-1)`)
    expect(bad.status).toBe(400)
  })

  it('edits with ALTERs of what changed only, from the catalogue the panel reads', async () => {
    const form = catalogueToForm(await catalogue(SCHEMA, TABLE))
    expect(alterTableSql({ ...form.alterBase, newName: TABLE, columns: form.columns, checks: form.checks })).toBeNull()
    const columns = form.columns.map((c) => (c.name === 'id' ? { ...c, identityAlways: false } : c.name === 'created' ? { ...c, name: 'created at' } : c))
    const checks = [{ ...form.checks[0], expression: 'id > 10' }, { name: '', expression: `"created at" > '2000-01-01'` }]
    const script = alterTableSql({ ...form.alterBase, newName: `${TABLE} v2`, columns, checks }) as string
    // Drop and re-add the changed check, rename a column, the identity's kind, add a check, rename the table.
    expect(script.split('\n').filter((l) => l.startsWith('ALTER'))).toHaveLength(6)
    await ok(developer.token, script)
    const after = catalogueToForm(await catalogue(SCHEMA, `${TABLE} v2`))
    expect(after.columns.find((c) => c.name === 'id')).toMatchObject({ isIdentity: true, identityAlways: false })
    expect(after.columns.map((c) => c.name)).toContain('created at')
    expect(after.checks.map((c) => c.expression)).toEqual(expect.arrayContaining(['id > 10', expect.stringContaining('created at')]))
    expect(after.checks).toHaveLength(2)
  })

  it('creates and edits keys over several columns: a composite unique key and a composite foreign key', async () => {
    const q = (name: string) => `"${SCHEMA.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`
    await ok(developer.token, createTableSql({ schema: SCHEMA, name: 'pairs' }, [column({ name: 'x', type: 'int4', isPrimaryKey: true, isNullable: false }), column({ name: 'y', type: 'int4', isPrimaryKey: true, isNullable: false })]))
    const keyName = `pair "key"; --`
    await ok(
      developer.token,
      createTableSql({ schema: SCHEMA, name: 'pair users' }, [column({ name: 'a', type: 'int4' }), column({ name: 'b', type: 'int4' }), column({ name: 'c' })], [], [
        { kind: 'unique', name: keyName, columns: ['a', 'b'] },
        { kind: 'foreign', name: '', columns: ['a', 'b'], schema: SCHEMA, table: 'pairs', references: ['x', 'y'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' },
      ])
    )
    const form = catalogueToForm(await catalogue(SCHEMA, 'pair users'))
    expect(form.keys).toEqual([
      expect.objectContaining({ kind: 'foreign', columns: ['a', 'b'], table: 'pairs', references: ['x', 'y'], onDelete: 'CASCADE' }),
      expect.objectContaining({ kind: 'unique', name: keyName, columns: ['a', 'b'] }),
    ])
    // One-column flags stay off: the keys span both columns.
    expect(form.columns.filter((c) => c.isUnique || c.foreignKey)).toEqual([])
    expect(alterTableSql({ ...form.alterBase, newName: 'pair users', columns: form.columns, checks: form.checks, keys: form.keys })).toBeNull()

    // A renamed column stays in its keys (no key is dropped); a changed action drops and adds the foreign key.
    const columns = form.columns.map((c) => (c.name === 'a' ? { ...c, name: 'a "2"' } : c))
    const keys = form.keys.map((k) => ({ ...k, columns: k.columns.map((c) => (c === 'a' ? 'a "2"' : c)), ...(k.kind === 'foreign' ? { onDelete: 'RESTRICT' as const } : {}) }))
    const script = alterTableSql({ ...form.alterBase, newName: 'pair users', columns, checks: form.checks, keys }) as string
    expect(script.split('\n').filter((l) => l.startsWith('ALTER'))).toEqual([
      expect.stringContaining(`DROP CONSTRAINT "${form.keys[0].name}"`),
      expect.stringContaining('RENAME COLUMN "a" TO "a ""2"""'),
      expect.stringContaining('FOREIGN KEY ("a ""2""", "b") REFERENCES'),
    ])
    await ok(developer.token, script)
    const after = catalogueToForm(await catalogue(SCHEMA, 'pair users'))
    expect(after.keys.map((k) => [k.kind, k.columns, k.kind === 'foreign' ? k.onDelete : null])).toEqual(
      expect.arrayContaining([
        ['unique', ['a "2"', 'b'], null],
        ['foreign', ['a "2"', 'b'], 'RESTRICT'],
      ])
    )
    // The keys hold.
    await ok(developer.token, `insert into ${q('pairs')} values (1, 1); insert into ${q('pair users')} values (1, 1, 'one')`)
    expect((await sql(platform, developer.token, ref, `insert into ${q('pair users')} values (1, 1, 'again')`)).status).toBe(400)
    expect((await sql(platform, developer.token, ref, `insert into ${q('pair users')} values (2, 1, 'orphan')`)).status).toBe(400)
    // A Read-only member's drop of the keys is refused and leaves them.
    expect((await sql(platform, reader.token, ref, alterTableSql({ ...after.alterBase, newName: 'pair users', columns: after.columns, keys: [] }) as string)).status).toBe(400)
    expect(catalogueToForm(await catalogue(SCHEMA, 'pair users')).keys).toHaveLength(2)
  })

  it('lists tables with exact counts, estimates, size, RLS and realtime for a Read-only member', async () => {
    const name = `${TABLE} v2`
    await ok(developer.token, `insert into "${SCHEMA.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}" (id) overriding system value values (11), (12)`)
    const rows = await overview(SCHEMA)
    const row = rows.find((r) => r.name === name) as TableOverviewRow
    expect(row).toMatchObject({ schema: SCHEMA, kind: 'r', rls_enabled: false, realtime: false, count_exactly: true })
    expect(Number(row.size_bytes)).toBeGreaterThan(0)
    const counts = await ok(reader.token, exactCountSql(rows.map((r) => ({ id: Number(r.id), schema: r.schema, name: r.name }))) as string)
    expect(counts.find((c) => Number(c.id) === Number(row.id))).toMatchObject({ count: expect.anything() })
    expect(Number(counts.find((c) => Number(c.id) === Number(row.id))?.count)).toBe(2)
    // Above the threshold the planner's estimate stands (here: a threshold of one row, after ANALYZE).
    await ok(developer.token, `analyze "${SCHEMA.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`)
    const estimated = (await ok(reader.token, TABLES_OVERVIEW_SQL, [SCHEMA, REALTIME_PUBLICATION, 1, EXACT_COUNT_MAX_BYTES])) as unknown as TableOverviewRow[]
    expect(estimated.find((r) => r.name === name)).toMatchObject({ count_exactly: false })
    expect(Number(estimated.find((r) => r.name === name)?.estimate)).toBe(2)
  })

  it('turns realtime and RLS on and off', async () => {
    const table = { schema: SCHEMA, name: `${TABLE} v2` }
    await ok(developer.token, setRealtimeSql(table, true))
    await ok(developer.token, setRowLevelSecuritySql(table, true))
    expect((await overview(SCHEMA)).find((r) => r.name === table.name)).toMatchObject({ realtime: true, rls_enabled: true })
    await ok(developer.token, setRealtimeSql(table, false))
    await ok(developer.token, setRowLevelSecuritySql(table, false))
    expect((await overview(SCHEMA)).find((r) => r.name === table.name)).toMatchObject({ realtime: false, rls_enabled: false })
  })

  it("offers the database's own types: built-ins, the user's enums and arrays", async () => {
    const types = columnTypeOptions((await ok(reader.token, COLUMN_TYPES_SQL, [postgresArrayText(HIDDEN_SCHEMAS)])) as unknown as ColumnTypeRow[]).map((t) => t.value)
    expect(types).toEqual(expect.arrayContaining(['int8', 'text', 'text[]', 'uuid', 'jsonb', 'timestamptz', 'public.mood', 'public.mood[]']))
    expect(types.some((t) => t.startsWith('pg_') || t === 'regclass' || t === 'internal')).toBe(false)
  })

  it('duplicates a table with its rows; the identity continues past them', async () => {
    const source = await catalogue(SCHEMA, `${TABLE} v2`)
    const columns = source.columns.map((c) => ({ name: c.name, generated: c.generated !== null, identity: c.identity !== null }))
    await ok(developer.token, duplicateTableSql({ source: { schema: SCHEMA, name: source.name }, name: `${TABLE} copy`, withRows: true, columns }))
    const copy = `"${SCHEMA.replaceAll('"', '""')}"."${`${TABLE} copy`.replaceAll('"', '""')}"`
    const [inserted] = await ok(developer.token, `insert into ${copy} default values returning id`)
    expect(Number(inserted.id)).toBe(13)
    expect(Number((await ok(reader.token, `select count(*) as n from ${copy}`))[0].n)).toBe(3)
  })

  it('names the dependents of a table, refuses a plain drop, then cascades', async () => {
    const parent = await catalogue(SCHEMA, 'parent')
    const quoted = `"${SCHEMA.replaceAll('"', '""')}".parent`
    await ok(
      developer.token,
      `create view public.parent_ids as select id from ${quoted};
      create function public.parent_label(p ${quoted}) returns text language sql as $$ select 'parent ' || p.id $$;
      create table public.watchers (id int); alter table public.watchers enable row level security;
      create policy sees_parents on public.watchers using (exists (select 1 from ${quoted}))`
    )
    const dependents = await ok(reader.token, TABLE_DEPENDENTS_SQL, [parent.id])
    expect(dependents.map((d) => d.object)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^constraint .* on table /), 'view public.parent_ids', expect.stringMatching(/^function (public\.)?parent_label\(/), 'policy sees_parents on table watchers'])
    )
    expect(dependents.map((d) => d.kind).sort()).toEqual(['foreign key', 'function', 'policy', 'view'])
    const plain = await sql(platform, developer.token, ref, dropTableSql({ schema: SCHEMA, name: 'parent' }))
    expect(plain.status).toBe(400)
    await ok(developer.token, dropTableSql({ schema: SCHEMA, name: 'parent' }, { cascade: true }))
    expect(await ok(reader.token, `select to_regclass('public.parent_ids')::text as v, (select count(*)::int from pg_proc where proname = 'parent_label') as f`)).toEqual([{ v: null, f: 0 }])
    expect(await ok(reader.token, `select count(*)::int as n from pg_policy where polname = 'sees_parents'`)).toEqual([{ n: 0 }])
  })

  it("refuses a Read-only member's table changes", async () => {
    const table = { schema: SCHEMA, name: `${TABLE} v2` }
    for (const script of [
      createTableSql({ schema: 'public', name: 'nope' }, [column({ name: 'id', type: 'int8' })]),
      setRealtimeSql(table, true),
      setRowLevelSecuritySql(table, true),
      dropTableSql(table),
    ]) {
      const res = await sql(platform, reader.token, ref, script)
      expect(res.status, script).toBe(400)
      expect(res.body.message).toEqual(expect.any(String))
    }
    expect((await overview(SCHEMA)).find((r) => r.name === table.name)).toMatchObject({ realtime: false, rls_enabled: false })
  })
})
