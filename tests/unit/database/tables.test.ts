/** The Tables screen's SQL builders: quoting of hostile names, checks, identity, duplicates, realtime. */
import { columnTypeOptions, commonDefaults } from '@/lib/database/column-types'
import { exactCountSql, setRealtimeSql, setRowLevelSecuritySql } from '@/lib/database/tables'
import { alterTableStatements, createTableSql, duplicateTableSql, validateTableDraft, type ColumnSpec, type ExistingColumn } from '@/lib/sql/ddl'

const HOSTILE = `"; drop table x; --`
const column = (overrides: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name: 'c', type: 'text', defaultValue: '', isNullable: true, isUnique: false, isIdentity: false, isPrimaryKey: false, foreignKey: null, ...overrides,
})
const existing = (overrides: Partial<ExistingColumn> = {}): ExistingColumn => ({ ...column(overrides), uniqueConstraint: null, foreignKeyConstraint: null, ...overrides })

describe('table DDL: identity kinds and checks', () => {
  it('creates identity always and named checks, hostile names quoted', () => {
    const sql = createTableSql({ schema: 'my schema', name: HOSTILE }, [column({ name: 'id', type: 'int8', isIdentity: true, identityAlways: true, isPrimaryKey: true, isNullable: false })], [
      { name: 'positive id', expression: 'id > 0' },
      { name: '', expression: "id <> 7" },
    ])
    expect(sql).toBe(
      'BEGIN;\nCREATE TABLE "my schema"."""; drop table x; --" (\n  "id" int8 GENERATED ALWAYS AS IDENTITY,\n  PRIMARY KEY ("id"),\n' +
        '  CONSTRAINT "positive id" CHECK (id > 0),\n  CHECK (id <> 7)\n);\nCOMMIT;'
    )
  })

  it('rejects a check that is empty or escapes its parentheses', () => {
    const errors = validateTableDraft('t', [column()], [{ name: '', expression: ' ' }, { name: 'x', expression: '1); drop table y; --' }])
    expect(errors.map((e) => e.field)).toEqual(['checks.0.expression', 'checks.1.expression'])
    expect(errors[0].message).toBe('Enter the condition, e.g. price > 0')
  })

  it('alters only what changed: identity kind, a changed check, a renamed check, a new one', () => {
    const original = [existing({ name: 'id', type: 'bigint', isIdentity: true, isNullable: false, isPrimaryKey: true })]
    const statements = alterTableStatements({
      table: { schema: 'public', name: 't' },
      newName: 't',
      original,
      primaryKeyConstraint: 't_pkey',
      columns: [{ ...original[0], identityAlways: true, original: 'id' }],
      originalChecks: [
        { name: 'a', expression: 'id > 0' },
        { name: 'b', expression: 'id < 100' },
        { name: 'gone', expression: 'id <> 5' },
      ],
      checks: [
        { name: 'a', expression: 'id > 1', original: 'a' },
        { name: 'b2', expression: 'id < 100', original: 'b' },
        { name: 'new', expression: 'id <> 9' },
      ],
    })
    expect(statements).toEqual([
      'ALTER TABLE "public"."t" DROP CONSTRAINT "a"',
      'ALTER TABLE "public"."t" DROP CONSTRAINT "gone"',
      'ALTER TABLE "public"."t" RENAME CONSTRAINT "b" TO "b2"',
      'ALTER TABLE "public"."t" ALTER COLUMN "id" SET GENERATED ALWAYS',
      'ALTER TABLE "public"."t" ADD CONSTRAINT "a" CHECK (id > 1)',
      'ALTER TABLE "public"."t" ADD CONSTRAINT "new" CHECK (id <> 9)',
    ])
  })

  it('writes nothing when the checks are left as they are', () => {
    const original = [existing({ name: 'id', type: 'bigint' })]
    expect(
      alterTableStatements({ table: { schema: 'public', name: 't' }, newName: 't', original, primaryKeyConstraint: null, columns: [{ ...original[0], original: 'id' }], originalChecks: [{ name: 'a', expression: 'id > 0' }] })
    ).toEqual([])
  })
})

describe('duplicate a table', () => {
  const columns = [
    { name: 'id', generated: false, identity: true },
    { name: 'total', generated: true, identity: false },
    { name: HOSTILE, generated: false, identity: false },
  ]
  it('copies the structure only', () => {
    expect(duplicateTableSql({ source: { schema: 'public', name: 'orders' }, name: 'orders copy', withRows: false, columns })).toBe(
      'BEGIN;\nCREATE TABLE "public"."orders copy" (LIKE "public"."orders" INCLUDING ALL);\nCOMMIT;'
    )
  })
  it('copies the rows but generated columns, and moves each identity past them', () => {
    expect(duplicateTableSql({ source: { schema: 'public', name: 'orders' }, name: "o'copy", withRows: true, columns })).toBe(
      [
        'BEGIN;',
        `CREATE TABLE "public"."o'copy" (LIKE "public"."orders" INCLUDING ALL);`,
        `INSERT INTO "public"."o'copy" ("id", """; drop table x; --") OVERRIDING SYSTEM VALUE`,
        `SELECT "id", """; drop table x; --" FROM "public"."orders";`,
        `SELECT setval(pg_get_serial_sequence('"public"."o''copy"', 'id'), coalesce(max("id"), 0) + 1, false) FROM "public"."o'copy";`,
        'COMMIT;',
      ].join('\n')
    )
  })
})

describe('realtime, RLS and counts', () => {
  it('adds and drops a table of the realtime publication', () => {
    expect(setRealtimeSql({ schema: 'public', name: HOSTILE }, true)).toBe('BEGIN;\nALTER PUBLICATION "supabase_realtime" ADD TABLE "public"."""; drop table x; --";\nCOMMIT;')
    expect(setRealtimeSql({ schema: 'public', name: 't' }, false)).toBe('BEGIN;\nALTER PUBLICATION "supabase_realtime" DROP TABLE "public"."t";\nCOMMIT;')
    expect(setRowLevelSecuritySql({ schema: 'public', name: 't' }, true)).toBe('BEGIN;\nALTER TABLE "public"."t" ENABLE ROW LEVEL SECURITY;\nCOMMIT;')
  })
  it('counts each small table in one statement', () => {
    expect(exactCountSql([])).toBeNull()
    expect(exactCountSql([{ id: 1, schema: 's', name: 'a"b' }, { id: 2, schema: 's', name: 'c' }])).toBe(
      'select 1::int8 as id, count(*)::int8 as count from "s"."a""b"\nunion all\nselect 2::int8 as id, count(*)::int8 as count from "s"."c"'
    )
  })
})

describe('column types and defaults', () => {
  it('offers built-ins bare and user types qualified, arrays with []', () => {
    expect(
      columnTypeOptions([
        { schema: 'pg_catalog', name: 'int8', kind: 'b', is_array: false },
        { schema: 'pg_catalog', name: 'text', kind: 'b', is_array: true },
        { schema: 'public', name: 'mood', kind: 'e', is_array: false },
        { schema: 'My Schema', name: 'Colour', kind: 'e', is_array: true },
        { schema: 'public', name: 'email', kind: 'd', is_array: false },
      ])
    ).toEqual([
      { value: 'int8', group: 'Built-in' },
      { value: 'text[]', group: 'Built-in' },
      { value: 'public.mood', group: 'Enums' },
      { value: '"My Schema"."Colour"[]', group: 'Enums' },
      { value: 'public.email', group: 'Other user types' },
    ])
  })
  it('suggests the common defaults of a type', () => {
    expect(commonDefaults('timestamptz')[0]).toBe('now()')
    expect(commonDefaults('uuid')).toEqual(['gen_random_uuid()'])
    expect(commonDefaults('int8')).toEqual(['0'])
    expect(commonDefaults('varchar(20)')).toEqual(["''"])
    expect(commonDefaults('text[]')).toEqual(["'{}'"])
    expect(commonDefaults('public.mood')).toEqual([])
  })
})
