/**
 * The table editor's SQL on a real Postgres (PGlite in memory), run the way the platform runs a
 * script: one simple-protocol request, then an open transaction is rolled back.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import { alterTableSql, createTableSql, dropTableSql, type ColumnSpec } from '@/lib/sql/ddl'
import { deleteRowsSql, insertRowSql, toPostgresText, updateRowSql } from '@/lib/sql/row-dml'
import { parseCatalogueRows, TABLE_CATALOGUE_SQL, tableCatalogueParameters } from '@/lib/sql/table-description'
import { catalogueToForm } from '@/components/interfaces/TableEditor/TableEditor.utils'

let db: PGlite

/** Like the platform: the script in one round trip; a failure leaves the transaction to be rolled back. */
async function run(sql: string): Promise<void> {
  try {
    await db.exec(sql)
  } finally {
    if (await db.isInTransaction()) await db.exec('rollback')
  }
}

const column = (overrides: Partial<ColumnSpec>): ColumnSpec => ({
  name: 'c',
  type: 'text',
  defaultValue: '',
  isNullable: true,
  isUnique: false,
  isIdentity: false,
  isPrimaryKey: false,
  foreignKey: null,
  ...overrides,
})

async function tableExists(name: string): Promise<boolean> {
  const { rows } = await db.query<{ r: string | null }>('select to_regclass($1)::text as r', [name])
  return rows[0].r !== null
}

async function catalogueOf(name: string) {
  const { rows } = await db.query<{ oid: number }>('select $1::regclass::oid::int as oid', [name])
  const result = await db.query<Record<string, unknown>>(TABLE_CATALOGUE_SQL, tableCatalogueParameters({ ids: [rows[0].oid] }))
  return parseCatalogueRows(result.rows)[0]
}

beforeAll(async () => {
  db = await freshPglite()
  await db.exec('create table public.users (id uuid primary key default gen_random_uuid())')
}, 30_000)

afterAll(async () => {
  await db?.close()
})

describe('table editor SQL on Postgres', () => {
  const todos = { schema: 'public', name: 'todos' }
  const columns = [
    column({ name: 'id', type: 'int8', isIdentity: true, isPrimaryKey: true, isNullable: false }),
    column({ name: 'name', isNullable: false }),
    column({ name: 'data', type: 'jsonb' }),
    column({ name: 'owner', type: 'uuid', foreignKey: { schema: 'public', table: 'users', column: 'id', onDelete: 'CASCADE', onUpdate: 'NO ACTION' } }),
  ]

  it('creates a table, edits rows, alters and drops it', async () => {
    await run(createTableSql(todos, columns))
    await run(insertRowSql(todos, { id: { kind: 'default' }, name: { kind: 'value', text: "Ada's" }, data: { kind: 'value', text: '{"a":[1,2]}' } }))
    let rows: unknown[] = (await db.query('select * from public.todos')).rows
    expect(rows).toEqual([{ id: 1, name: "Ada's", data: { a: [1, 2] }, owner: null }])

    await run(updateRowSql(todos, { id: '1' }, { data: { kind: 'value', text: toPostgresText({ b: true }, 'jsonb') as string } }) as string)
    ;({ rows } = await db.query('select data from public.todos'))
    expect(rows).toEqual([{ data: { b: true } }])

    const form = catalogueToForm(await catalogueOf('public.todos'))
    const sql = alterTableSql({
      ...form.alterBase,
      newName: 'tasks',
      columns: [
        ...form.columns.filter((c) => c.name !== 'data').map((c) => (c.name === 'name' ? { ...c, name: 'title', isUnique: true } : c)),
        { ...column({ name: 'done', type: 'bool', defaultValue: 'false', isNullable: false }) },
      ],
    })
    await run(sql as string)
    const after = await catalogueOf('public.tasks')
    expect(after.columns.map((c) => c.name)).toEqual(['id', 'title', 'owner', 'done'])
    expect(after.constraints.filter((k) => k.type === 'u').map((k) => k.columns)).toEqual([['title']])
    ;({ rows } = await db.query('select * from public.tasks'))
    expect(rows).toEqual([{ id: 1, title: "Ada's", owner: null, done: false }])

    await run(deleteRowsSql({ schema: 'public', name: 'tasks' }, [{ id: '1' }]))
    ;({ rows } = await db.query('select count(*)::int as n from public.tasks'))
    expect(rows).toEqual([{ n: 0 }])

    await run(dropTableSql({ schema: 'public', name: 'tasks' }))
    expect(await tableExists('public.tasks')).toBe(false)
  })

  it('leaves nothing behind when a statement of the script fails', async () => {
    await expect(run(createTableSql({ schema: 'public', name: 'broken' }, [column({ name: 'n', type: 'int4', defaultValue: "'not a number'" })]))).rejects.toThrow(
      /invalid input syntax for type integer/
    )
    expect(await tableExists('public.broken')).toBe(false)

    await run(createTableSql({ schema: 'public', name: 'kept' }, [column({ name: 'a' })]))
    const form = catalogueToForm(await catalogueOf('public.kept'))
    // The rename runs first and succeeds; the bad type fails after it: both are rolled back.
    const sql = alterTableSql({ ...form.alterBase, newName: 'kept', columns: [{ ...form.columns[0], name: 'b' }, column({ name: 'x', type: 'no_such_type' })] })
    await expect(run(sql as string)).rejects.toThrow(/no_such_type/)
    const again = await catalogueOf('public.kept')
    expect(again.columns.map((c) => c.name)).toEqual(['a'])
  })
})
