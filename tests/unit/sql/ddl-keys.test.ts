/** Keys over several columns in the table panel's SQL: create, validate, and alter only what changed. */
import { alterTableStatements, createTableSql, validateTableDraft, type ColumnSpec, type ExistingColumn, type TableKeySpec } from '@/lib/sql/ddl'

const HOSTILE = `k"; drop table x; --`
const column = (overrides: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name: 'c', type: 'text', defaultValue: '', isNullable: true, isUnique: false, isIdentity: false, isPrimaryKey: false, foreignKey: null, ...overrides,
})
const existing = (name: string): ExistingColumn => ({ ...column({ name }), uniqueConstraint: null, foreignKeyConstraint: null })

const UNIQUE: TableKeySpec = { kind: 'unique', name: HOSTILE, columns: ['a', 'b'] }
const FOREIGN: TableKeySpec = { kind: 'foreign', name: '', columns: ['a', 'b'], schema: 'my schema', table: 'pa"rent', references: ['x', 'y'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' }

describe('keys over several columns', () => {
  it('creates a named unique key and a foreign key with its action, every name quoted', () => {
    const sql = createTableSql({ schema: 'public', name: 't' }, [column({ name: 'a' }), column({ name: 'b' })], [], [UNIQUE, FOREIGN])
    expect(sql).toBe(
      'BEGIN;\nCREATE TABLE "public"."t" (\n  "a" text,\n  "b" text,\n' +
        '  CONSTRAINT "k""; drop table x; --" UNIQUE ("a", "b"),\n' +
        '  FOREIGN KEY ("a", "b") REFERENCES "my schema"."pa""rent" ("x", "y") ON DELETE CASCADE\n);\nCOMMIT;'
    )
  })

  it('names what is missing: too few columns, an unknown column, the referenced table and columns', () => {
    const errors = validateTableDraft('t', [column({ name: 'a' }), column({ name: 'b' })], [], [
      { kind: 'unique', name: '', columns: ['a'] },
      { kind: 'unique', name: 'x'.repeat(64), columns: ['a', 'gone'] },
      { ...FOREIGN, table: '' },
      { ...FOREIGN, references: ['x', ''] },
    ])
    expect(errors).toEqual([
      { field: 'keys.0.columns', message: 'Choose two or more columns (a one-column key is set on its column)' },
      { field: 'keys.1.name', message: 'Names are at most 63 bytes' },
      { field: 'keys.1.columns', message: 'The table has no column gone' },
      { field: 'keys.2.table', message: 'Choose the referenced table' },
      { field: 'keys.3.references', message: 'Choose the referenced column of each column' },
    ])
  })

  const base = {
    table: { schema: 'public', name: 't' },
    newName: 't',
    original: [existing('a'), existing('b'), existing('c')],
    primaryKeyConstraint: null,
    originalKeys: [
      { ...UNIQUE, name: 'ab_key' },
      { ...FOREIGN, name: 'ab_fkey' },
      { kind: 'unique', name: 'bc_key', columns: ['b', 'c'] },
    ] satisfies TableKeySpec[],
  }

  it('writes nothing for keys left as they are, also when a column of theirs is renamed', () => {
    const columns = base.original.map((c) => ({ ...c, original: c.name }))
    expect(alterTableStatements({ ...base, columns })).toEqual([])
    const renamed = columns.map((c) => (c.name === 'a' ? { ...c, name: 'a2' } : c))
    const keys = base.originalKeys.map((k) => ({ ...k, columns: k.columns.map((c) => (c === 'a' ? 'a2' : c)), original: k.name }))
    expect(alterTableStatements({ ...base, columns: renamed, keys })).toEqual(['ALTER TABLE "public"."t" RENAME COLUMN "a" TO "a2"'])
  })

  it('drops a removed key, drops and adds a changed one, renames one only renamed, adds a new one', () => {
    const statements = alterTableStatements({
      ...base,
      columns: base.original.map((c) => ({ ...c, original: c.name })),
      keys: [
        { ...FOREIGN, name: 'ab_fkey', onDelete: 'SET NULL', original: 'ab_fkey' },
        { ...base.originalKeys[2], name: 'bc_unique', original: 'bc_key' },
        { kind: 'unique', name: '', columns: ['a', 'c'] },
      ],
    })
    expect(statements).toEqual([
      'ALTER TABLE "public"."t" DROP CONSTRAINT "ab_key"',
      'ALTER TABLE "public"."t" DROP CONSTRAINT "ab_fkey"',
      'ALTER TABLE "public"."t" RENAME CONSTRAINT "bc_key" TO "bc_unique"',
      'ALTER TABLE "public"."t" ADD CONSTRAINT "ab_fkey" FOREIGN KEY ("a", "b") REFERENCES "my schema"."pa""rent" ("x", "y") ON DELETE SET NULL',
      'ALTER TABLE "public"."t" ADD UNIQUE ("a", "c")',
    ])
  })
})
