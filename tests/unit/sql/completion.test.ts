import { buildCatalogue, COMPLETION_CATALOGUE_SQL, qualifiersBefore, suggestCompletions, tableReferences, type CatalogueRow } from '@/lib/sql/completion'
import { quoteIdentifier } from '@/lib/sql/identifiers'

const rows: CatalogueRow[] = [
  { schema_name: 'app', table_name: null, table_kind: null, column_name: null, column_type: null },
  { schema_name: 'auth', table_name: 'users', table_kind: 'r', column_name: 'id', column_type: 'uuid' },
  { schema_name: 'auth', table_name: 'users', table_kind: 'r', column_name: 'email', column_type: 'text' },
  { schema_name: 'public', table_name: 'todos', table_kind: 'r', column_name: 'id', column_type: 'bigint' },
  { schema_name: 'public', table_name: 'todos', table_kind: 'r', column_name: 'title', column_type: 'text' },
  { schema_name: 'public', table_name: 'Open Todos', table_kind: 'v', column_name: 'Title', column_type: 'text' },
  { schema_name: 'public', table_name: 'users', table_kind: 'r', column_name: 'name', column_type: 'text' },
]
const catalogue = buildCatalogue(rows)
const labels = (list: { label: string }[]) => list.map((s) => s.label)

describe('completion catalogue', () => {
  it('queries the catalogue once, leaving out the excluded schemas (spec §5)', () => {
    expect(COMPLETION_CATALOGUE_SQL).toContain("not in ('information_schema', 'pg_catalog', 'pg_toast', 'platform_jail')")
    expect(COMPLETION_CATALOGUE_SQL).toMatch(/limit \d+/)
  })

  it('groups rows into schemas, tables and views with their columns', () => {
    expect(catalogue.schemas).toEqual(['app', 'auth', 'public'])
    expect(catalogue.tables.map((t) => [t.schema, t.name, t.kind, t.columns.length])).toEqual([
      ['auth', 'users', 'table', 2],
      ['public', 'todos', 'table', 2],
      ['public', 'Open Todos', 'view', 1],
      ['public', 'users', 'table', 1],
    ])
  })
})

describe('suggestCompletions', () => {
  it('suggests schemas, tables (qualified outside public) and columns of the named tables', () => {
    const text = 'select  from todos'
    const list = suggestCompletions(catalogue, 'select ', text)
    expect(list.filter((s) => s.kind === 'schema').map((s) => s.label)).toEqual(['app', 'auth', 'public'])
    expect(list.find((s) => s.label === 'users' && s.detail === 'table in auth')?.insertText).toBe('auth.users')
    expect(list.find((s) => s.label === 'Open Todos')?.insertText).toBe('"Open Todos"')
    expect(labels(list.filter((s) => s.kind === 'column'))).toEqual(['id', 'title'])
  })

  it('after "schema." suggests that schema\'s tables', () => {
    expect(labels(suggestCompletions(catalogue, 'select * from auth.', ''))).toEqual(['users'])
    expect(labels(suggestCompletions(catalogue, 'select * from auth.us', ''))).toEqual(['users'])
  })

  it('after "table." suggests its columns, public first', () => {
    expect(labels(suggestCompletions(catalogue, 'select todos.', 'select todos. from todos'))).toEqual(['id', 'title'])
    expect(labels(suggestCompletions(catalogue, 'select users.', ''))).toEqual(['name'])
  })

  it('after "alias." suggests the aliased table\'s columns', () => {
    const text = 'select u. from auth.users as u join todos t on true'
    expect(labels(suggestCompletions(catalogue, 'select u.', text))).toEqual(['id', 'email'])
    expect(labels(suggestCompletions(catalogue, 'select t.', text))).toEqual(['id', 'title'])
  })

  it('after "schema.table." and quoted names suggests the columns', () => {
    expect(labels(suggestCompletions(catalogue, 'select auth.users.', ''))).toEqual(['id', 'email'])
    const quoted = suggestCompletions(catalogue, 'select "Open Todos".', '')
    expect(quoted.map((s) => [s.label, s.insertText])).toEqual([['Title', '"Title"']])
  })

  it('reads qualifiers and table references', () => {
    expect(qualifiersBefore('select a.b.c')).toEqual([
      { text: 'a', quoted: false },
      { text: 'b', quoted: false },
    ])
    expect(qualifiersBefore('select "x"".y".')).toEqual([{ text: 'x".y', quoted: true }])
    expect(qualifiersBefore('select abc')).toEqual([])
    expect(tableReferences('select * from only a x, b as y join c.d on true where 1 = 1')).toEqual([
      { table: { text: 'a', quoted: false }, alias: { text: 'x', quoted: false } },
      { table: { text: 'b', quoted: false }, alias: { text: 'y', quoted: false } },
      { schema: { text: 'c', quoted: false }, table: { text: 'd', quoted: false } },
    ])
  })
})

describe('quoteIdentifier', () => {
  it('quotes only what must be quoted', () => {
    expect(quoteIdentifier('todos')).toBe('todos')
    expect(quoteIdentifier('user')).toBe('"user"')
    expect(quoteIdentifier('Title')).toBe('"Title"')
    expect(quoteIdentifier('a"b')).toBe('"a""b"')
  })
})
