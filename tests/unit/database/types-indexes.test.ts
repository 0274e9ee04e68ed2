/**
 * Enumerated types and indexes: the pure builders (quoting of hostile names and values,
 * validation) and, on an in-memory PGlite, the catalogue queries reading what the builders did.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import {
  addEnumValueSql,
  createEnumTypeSql,
  dropEnumTypeSql,
  ENUM_TYPES_SQL,
  enumUses,
  isValidEnumType,
  moveItem,
  renameEnumTypeSql,
  renameEnumValueSql,
  toEnumType,
  typeNameProblem,
  validateEnumType,
  type EnumTypeRow,
} from '@/lib/database/enum-types'
import {
  createIndexSql,
  createIndexStatement,
  dropIndexSql,
  filterIndexes,
  INDEX_COLUMNS_SQL,
  INDEX_METHODS_SQL,
  indexFormPrefill,
  indexFormQuery,
  INDEXES_SQL,
  toIndexColumn,
  validateIndex,
  type IndexColumnRow,
  type IndexMethodRow,
  type IndexRow,
  type IndexSpec,
} from '@/lib/database/indexes'
import { findingsOf } from '@/lib/advisors/findings'
import { findLint } from '@/lib/advisors/lints'
import { indexFormHref } from '@/lib/database/indexes'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'

const HOSTILE = `'); drop table x; --`
const WEIRD_SCHEMA = 'My "Schema"; é'
const btree = { can_unique: true, can_multi_col: true }
const hash = { can_unique: false, can_multi_col: false }
const spec = (overrides: Partial<IndexSpec> = {}): IndexSpec => ({
  name: '',
  schema: 'public',
  table: 'orders',
  method: 'btree',
  columns: ['customer_id'],
  unique: false,
  where: '',
  concurrently: false,
  ...overrides,
})

describe('enum type builders', () => {
  it('quotes every name and value, values in the order given', () => {
    expect(createEnumTypeSql({ schema: WEIRD_SCHEMA, name: 'mood "x"', values: ['sad', HOSTILE, 'a\\b'] })).toBe(
      `BEGIN;\nCREATE TYPE "My ""Schema""; é"."mood ""x""" AS ENUM ('sad', '''); drop table x; --', E'a\\\\b');\nCOMMIT;`
    )
    expect(addEnumValueSql({ schema: 'public', name: 'mood' }, "it's", { placement: 'BEFORE', anchor: 'sad' })).toContain(`ADD VALUE 'it''s' BEFORE 'sad'`)
    expect(addEnumValueSql({ schema: 'public', name: 'mood' }, 'z', null)).toContain(`ALTER TYPE "public"."mood" ADD VALUE 'z';`)
    expect(renameEnumValueSql({ schema: 'public', name: 'mood' }, 'sad', HOSTILE)).toContain(`RENAME VALUE 'sad' TO '''); drop table x; --'`)
    expect(renameEnumTypeSql({ schema: 'public', name: 'mood' }, 'feel"ing')).toContain(`RENAME TO "feel""ing"`)
    expect(dropEnumTypeSql({ schema: 'public', name: 'mood' }, false)).toBe('BEGIN;\nDROP TYPE "public"."mood";\nCOMMIT;')
    expect(dropEnumTypeSql({ schema: 'public', name: 'mood' }, true)).toContain('DROP TYPE "public"."mood" CASCADE;')
  })

  it('names what is wrong with a new type', () => {
    expect(validateEnumType({ schema: 'public', name: '', values: [] })).toMatchObject({ name: 'Enter a name', values: 'Add at least one value' })
    const dup = validateEnumType({ schema: 'public', name: 'mood', values: ['a', 'a', ''] }, ['mood'])
    expect(dup.name).toBe('The schema public already has a type named "mood"')
    expect(dup.valueErrors).toEqual([null, 'The type already has the value "a"', 'Enter a value'])
    expect(isValidEnumType(dup)).toBe(false)
    expect(validateEnumType({ schema: 'public', name: 'x', values: ['é'.repeat(32)] }).valueErrors[0]).toMatch(/63 bytes/)
    expect(isValidEnumType(validateEnumType({ schema: 'public', name: HOSTILE, values: [HOSTILE] }))).toBe(true)
    expect(typeNameProblem('mood', 'mood', [])).toBe('Enter a name different from the current one')
    expect(typeNameProblem('b', 'a', ['b'])).toBe('The schema already has a type named "b"')
  })

  it('moves values of the reorderable list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b'])
  })
})

describe('index builders', () => {
  it('quotes the table and columns; a partial, unique index', () => {
    const sql = createIndexSql(spec({ name: 'i"x', schema: WEIRD_SCHEMA, table: HOSTILE, columns: ['a b', 'é'], unique: true, where: "status <> 'done'" }))
    expect(sql).toBe(`BEGIN;\nCREATE UNIQUE INDEX "i""x" ON "My ""Schema""; é"."'); drop table x; --" USING btree ("a b", "é") WHERE status <> 'done';\nCOMMIT;`)
  })

  it('writes operator classes after their columns and expressions in parentheses after the columns', () => {
    expect(createIndexStatement(spec({ columns: ['customer_id', 'note'], opclasses: { note: 'text_pattern_ops', customer_id: ' ' }, expressions: ['lower(note)', ' '] }))).toBe(
      'CREATE INDEX ON "public"."orders" USING btree ("customer_id", "note" "text_pattern_ops", (lower(note)))'
    )
    expect(createIndexStatement(spec({ method: 'gin', columns: ['doc'], opclasses: { doc: 'extensions.jsonb_path_ops' } }))).toContain('("doc" "extensions"."jsonb_path_ops")')
  })

  it('sends CONCURRENTLY alone, outside a transaction', () => {
    expect(createIndexSql(spec({ concurrently: true, method: 'hash' }))).toBe('CREATE INDEX CONCURRENTLY ON "public"."orders" USING hash ("customer_id");')
  })

  it('drops an index, or the constraint it backs', () => {
    expect(dropIndexSql({ schema: 'public', table: 'orders', name: 'o"i', constraint: null })).toBe('BEGIN;\nDROP INDEX "public"."o""i";\nCOMMIT;')
    expect(dropIndexSql({ schema: 'public', table: 'orders', name: 'orders_pkey', constraint: 'orders_pkey' })).toContain('ALTER TABLE "public"."orders" DROP CONSTRAINT "orders_pkey"')
  })

  it('names what is wrong with an index', () => {
    const columns = [
      { name: 'customer_id', type: 'integer', methods: ['brin', 'btree', 'hash'] },
      { name: 'tags', type: 'text[]', methods: ['gin', 'btree', 'hash'] },
    ]
    expect(validateIndex(spec(), btree, columns)).toEqual({})
    expect(validateIndex(spec({ columns: [] }), btree, columns).columns).toBe('Choose at least one column or expression')
    expect(validateIndex(spec({ columns: [], expressions: ['lower(note)'] }), btree, columns)).toEqual({})
    expect(validateIndex(spec({ method: 'hash', expressions: ['lower(note)'] }), hash, columns).columns).toBe('A hash index holds one column')
    expect(validateIndex(spec({ expressions: ['lower(note)); drop table x; --'] }), btree, columns).expressions).toMatch(/one SQL expression/)
    expect(validateIndex(spec({ method: 'gin', opclasses: { customer_id: 'int4_ops' } }), btree, columns).columns).toBeUndefined()
    expect(validateIndex(spec({ opclasses: { customer_id: 'int4_ops" ) ; drop' } }), btree, columns).opclasses).toMatch(/not an operator class name/)
    expect(validateIndex(spec({ method: 'hash', columns: ['customer_id', 'tags'] }), hash, columns).columns).toBe('A hash index holds one column')
    expect(validateIndex(spec({ method: 'hash', unique: true }), hash, columns).unique).toBe('A hash index cannot be unique; use btree')
    expect(validateIndex(spec({ method: 'gin' }), btree, columns).columns).toBe('Column customer_id (integer) has no default gin operator class: name one')
    expect(validateIndex(spec({ method: 'gist' }), undefined, columns).method).toBe('This server has no gist index method')
    expect(validateIndex(spec({ where: 'true; drop table x' }), btree, columns).where).toMatch(/one SQL expression/)
    expect(validateIndex(spec({ where: "note = ';'" }), btree, columns).where).toBeUndefined()
    expect(validateIndex(spec({ name: 'x'.repeat(64) }), btree, columns).name).toMatch(/63 bytes/)
  })

  it('round-trips the create form prefill through the query string, hostile names included', () => {
    const prefill = { schema: WEIRD_SCHEMA, table: HOSTILE, columns: ['a,b', 'c&d=e'] }
    const query = Object.fromEntries([...new URLSearchParams(indexFormQuery(prefill)).entries()].reduce((m, [k, v]) => m.set(k, [...(m.get(k) ?? []), v]), new Map<string, string[]>()))
    expect(indexFormPrefill(query)).toEqual(prefill)
    expect(indexFormPrefill({ schema: 'public', table: 'orders' })).toBeNull()
    expect(indexFormPrefill({ create: '1', schema: 'public', table: 'orders', column: 'id' })).toEqual({ schema: 'public', table: 'orders', columns: ['id'] })
  })

  it("links the advisor's unindexed foreign key to the create form, filled in", () => {
    const [finding] = findingsOf(findLint('unindexed_foreign_keys')!, [{ schema: 'public', name: 'line items', constraint_name: 'fk', columns: ['customer id', 'b&c'] }])
    expect(finding.createIndex).toEqual({ schema: 'public', table: 'line items', columns: ['customer id', 'b&c'] })
    expect(indexFormHref('abc', finding.createIndex!)).toBe('/project/abc/database/indexes?create=1&schema=public&table=line+items&column=customer+id&column=b%26c')
  })

  it('filters by schema, table and search', () => {
    const rows = [
      { schema: 'public', table_name: 'orders', name: 'orders_pkey', definition: 'CREATE UNIQUE INDEX orders_pkey ON public.orders USING btree (id)' },
      { schema: 'public', table_name: 'items', name: 'items_sku', definition: 'CREATE INDEX items_sku ON public.items USING hash (sku)' },
    ]
    expect(filterIndexes(rows, { schema: 'public', table: '', search: 'HASH' }).map((r) => r.name)).toEqual(['items_sku'])
    expect(filterIndexes(rows, { schema: 'public', table: 'orders', search: '' }).map((r) => r.name)).toEqual(['orders_pkey'])
    expect(filterIndexes(rows, { schema: 'other', table: '', search: '' })).toEqual([])
  })
})

describe('on PGlite', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await freshPglite()
  }, 60_000)
  afterAll(async () => db?.close())

  const hidden = () => postgresArrayText(HIDDEN_SCHEMAS)
  const types = async () => (await db.query<EnumTypeRow>(ENUM_TYPES_SQL, [hidden()])).rows.map(toEnumType)

  it('lists enum types with values in order and what uses them; hostile names round-trip', async () => {
    await db.exec(`create schema ${'"My ""Schema""; é"'}`)
    await db.exec(createEnumTypeSql({ schema: WEIRD_SCHEMA, name: HOSTILE, values: ['b', HOSTILE] }))
    await db.exec(addEnumValueSql({ schema: WEIRD_SCHEMA, name: HOSTILE }, 'a', { placement: 'BEFORE', anchor: 'b' }))
    await db.exec(addEnumValueSql({ schema: WEIRD_SCHEMA, name: HOSTILE }, 'z', null))
    await db.exec(renameEnumValueSql({ schema: WEIRD_SCHEMA, name: HOSTILE }, 'z', 'zz "q"'))
    await db.exec(`create table public.t (id int, s "My ""Schema""; é"."'); drop table x; --", many "My ""Schema""; é"."'); drop table x; --"[])`)
    await db.exec(`create function public.f(x "My ""Schema""; é"."'); drop table x; --") returns int language sql as 'select 1'`)
    const [type] = await types()
    expect(type).toMatchObject({ schema: WEIRD_SCHEMA, name: HOSTILE, values: ['a', 'b', HOSTILE, 'zz "q"'] })
    expect(enumUses(type).columns).toEqual(['public.t.s', 'public.t.many'])
    expect(enumUses(type).functions).toHaveLength(1)
    expect(enumUses(type).functions[0]).toMatch(/^(public\.)?f\(/)

    await expect(db.exec(dropEnumTypeSql({ schema: WEIRD_SCHEMA, name: HOSTILE }, false))).rejects.toThrow(/depend/)
    await db.exec('rollback')
    await db.exec(renameEnumTypeSql({ schema: WEIRD_SCHEMA, name: HOSTILE }, 'renamed'))
    await db.exec(dropEnumTypeSql({ schema: WEIRD_SCHEMA, name: 'renamed' }, true))
    expect(await types()).toEqual([])
    expect((await db.query(`select count(*)::int as n from information_schema.columns where table_name = 't'`)).rows).toEqual([{ n: 1 }])
  })

  it('lists indexes with method, size and scans; creates and drops them', async () => {
    await db.exec(`create table public."Or ders" (id int primary key, "cust id" int, tags text[], note text)`)
    await db.exec(createIndexSql(spec({ name: HOSTILE, table: 'Or ders', columns: ['cust id', 'note'], unique: true, where: "note <> ''" })))
    await db.exec(createIndexSql(spec({ name: 'tags_gin', table: 'Or ders', method: 'gin', columns: ['tags'] })))
    await db.exec(createIndexSql(spec({ name: 'note_lower', table: 'Or ders', columns: ['note'], opclasses: { note: 'text_pattern_ops' }, expressions: ['lower(note)'] })))
    const made = (await db.query<IndexRow>(INDEXES_SQL, [hidden()])).rows.find((r) => r.name === 'note_lower')
    expect(made?.definition).toContain('USING btree (note text_pattern_ops, lower(note))')
    await db.exec(dropIndexSql({ schema: 'public', table: 'Or ders', name: 'note_lower', constraint: null }))
    const rows = (await db.query<IndexRow>(INDEXES_SQL, [hidden()])).rows.filter((r) => r.table_name === 'Or ders')
    expect(rows.map((r) => [r.name, r.method, r.is_unique, r.is_primary, r.constraint_name])).toEqual([
      [HOSTILE, 'btree', true, false, null],
      ['Or ders_pkey', 'btree', true, true, 'Or ders_pkey'],
      ['tags_gin', 'gin', false, false, null],
    ])
    expect(rows[0].definition).toContain(`WHERE (note <> ''::text)`)
    expect(typeof rows[0].size_bytes).toBe('number')
    expect(rows[0].scans).toBe(0)

    const methods = (await db.query<IndexMethodRow>(INDEX_METHODS_SQL)).rows
    expect(methods.map((m) => m.name)).toEqual(expect.arrayContaining(['btree', 'hash', 'gin', 'gist', 'brin']))
    expect(methods.find((m) => m.name === 'hash')).toMatchObject({ can_unique: false, can_multi_col: false })
    const columns = (await db.query<IndexColumnRow>(INDEX_COLUMNS_SQL, ['public', 'Or ders'])).rows.map(toIndexColumn)
    expect(columns.find((c) => c.name === 'tags')?.methods).toEqual(expect.arrayContaining(['btree', 'gin']))
    expect(columns.find((c) => c.name === 'cust id')?.methods).not.toContain('gin')
    expect(columns.find((c) => c.name === 'note')?.methods).toEqual(expect.arrayContaining(['btree', 'hash', 'brin']))

    await db.exec(dropIndexSql({ schema: 'public', table: 'Or ders', name: HOSTILE, constraint: null }))
    await db.exec(dropIndexSql({ schema: 'public', table: 'Or ders', name: 'Or ders_pkey', constraint: 'Or ders_pkey' }))
    const left = (await db.query<IndexRow>(INDEXES_SQL, [hidden()])).rows.filter((r) => r.table_name === 'Or ders')
    expect(left.map((r) => r.name)).toEqual(['tags_gin'])
  })
})
