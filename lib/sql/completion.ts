/**
 * Autocompletion of the project's schemas, tables and columns in the SQL editor (issue 5): the
 * catalogue query, its shape, and which names fit where the cursor is. Pure, so it is unit-tested
 * without an editor; the Monaco provider only maps the suggestions.
 */
import { HIDDEN_SCHEMAS } from '@/lib/constants'
import { tokenize, type SqlToken } from './lexer'
import { quoteIdentifier } from './identifiers'

/** Most catalogue rows (one per column) read for completion; a larger database completes what fits. */
export const COMPLETION_CATALOGUE_ROW_LIMIT = 20_000

/** One query for every schema, table, view and column outside the excluded schemas (spec §5). */
export const COMPLETION_CATALOGUE_SQL = `select n.nspname::text as schema_name,
       c.relname::text as table_name,
       c.relkind::text as table_kind,
       a.attname::text as column_name,
       format_type(a.atttypid, a.atttypmod) as column_type
  from pg_catalog.pg_namespace n
  left join pg_catalog.pg_class c
    on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f')
  left join pg_catalog.pg_attribute a
    on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
 where n.nspname not in (${HIDDEN_SCHEMAS.map((s) => `'${s}'`).join(', ')})
   and n.nspname !~ '^pg_(toast_)?temp_'
 order by n.nspname, c.relname, a.attnum
 limit ${COMPLETION_CATALOGUE_ROW_LIMIT}`

export type CatalogueRow = {
  schema_name: string
  table_name: string | null
  table_kind: string | null
  column_name: string | null
  column_type: string | null
}

export type CatalogueTable = { schema: string; name: string; kind: 'table' | 'view'; columns: { name: string; type: string }[] }
export type CompletionCatalogue = { schemas: string[]; tables: CatalogueTable[] }

/** Groups the catalogue rows into schemas and tables with their columns. */
export function buildCatalogue(rows: readonly CatalogueRow[]): CompletionCatalogue {
  const schemas = new Set<string>()
  const tables = new Map<string, CatalogueTable>()
  for (const row of rows) {
    schemas.add(row.schema_name)
    if (!row.table_name) continue
    const key = `${row.schema_name}\u0000${row.table_name}`
    let table = tables.get(key)
    if (!table) {
      table = { schema: row.schema_name, name: row.table_name, kind: row.table_kind === 'v' || row.table_kind === 'm' ? 'view' : 'table', columns: [] }
      tables.set(key, table)
    }
    if (row.column_name) table.columns.push({ name: row.column_name, type: row.column_type ?? '' })
  }
  return { schemas: [...schemas], tables: [...tables.values()] }
}

export type CompletionKind = 'schema' | 'table' | 'view' | 'column'

export type CompletionSuggestion = {
  label: string
  kind: CompletionKind
  detail: string
  insertText: string
}

const DEFAULT_SCHEMA = 'public'

/** A name as written in SQL: unquoted words fold to lower case, quoted ones keep theirs. */
type WrittenName = { text: string; quoted: boolean }

function matches(written: WrittenName, actual: string): boolean {
  return written.quoted ? written.text === actual : written.text.toLowerCase() === actual
}

/** The qualifiers typed before the word under the cursor: `s.t.c|` gives [s, t]. */
export function qualifiersBefore(textBeforeCursor: string): WrittenName[] {
  // The word being typed: a partial "quoted name (an odd number of quotes) or a plain word.
  const quotes = textBeforeCursor.split('"').length - 1
  let rest = quotes % 2 === 1 ? textBeforeCursor.slice(0, textBeforeCursor.lastIndexOf('"')) : textBeforeCursor.replace(/[\p{L}\p{N}_$]*$/u, '')
  const names: WrittenName[] = []
  while (rest.endsWith('.')) {
    rest = rest.slice(0, -1)
    const quoted = /"((?:[^"]|"")*)"$/.exec(rest)
    if (quoted) {
      names.unshift({ text: quoted[1].replace(/""/g, '"'), quoted: true })
      rest = rest.slice(0, -quoted[0].length)
      continue
    }
    const word = /[\p{L}_][\p{L}\p{N}_$]*$/u.exec(rest)
    if (!word) break
    names.unshift({ text: word[0], quoted: false })
    rest = rest.slice(0, -word[0].length)
  }
  return names
}

/** Words after which a name in FROM / JOIN is not an alias. */
const NOT_AN_ALIAS = new Set([
  'where', 'join', 'inner', 'left', 'right', 'full', 'cross', 'natural', 'on', 'using', 'group', 'order', 'limit',
  'offset', 'having', 'window', 'union', 'except', 'intersect', 'set', 'values', 'returning', 'lateral', 'tablesample',
  'for', 'select', 'default', 'fetch', 'as',
])

type TableReference = { schema?: WrittenName; table: WrittenName; alias?: WrittenName }

function nameOf(token: SqlToken | undefined): WrittenName | null {
  if (!token) return null
  if (token.kind === 'word') return { text: token.value, quoted: false }
  if (token.kind === 'quoted-identifier') return { text: token.value, quoted: true }
  return null
}

/** Tables named after FROM, JOIN, UPDATE and INTO in the text, with their aliases. */
export function tableReferences(text: string): TableReference[] {
  const tokens = tokenize(text).filter((t) => t.kind !== 'comment')
  const found: TableReference[] = []
  for (let i = 0; i < tokens.length; i += 1) {
    const t = tokens[i]
    if (t.kind !== 'word' || !['from', 'join', 'update', 'into'].includes(t.value)) continue
    let j = i + 1
    for (;;) {
      const first = nameOf(tokens[j])
      if (!first || (!first.quoted && NOT_AN_ALIAS.has(first.text) && first.text !== 'only')) break
      if (!first.quoted && first.text === 'only') {
        j += 1
        continue
      }
      const ref: TableReference = { table: first }
      j += 1
      if (tokens[j]?.value === '.' && nameOf(tokens[j + 1])) {
        ref.schema = first
        ref.table = nameOf(tokens[j + 1])!
        j += 2
      }
      if (tokens[j]?.kind === 'word' && tokens[j].value === 'as') j += 1
      const alias = nameOf(tokens[j])
      if (alias && (alias.quoted || !NOT_AN_ALIAS.has(alias.text))) {
        ref.alias = alias
        j += 1
      }
      found.push(ref)
      if (tokens[j]?.value !== ',') break
      j += 1
    }
  }
  return found
}

function findTables(catalogue: CompletionCatalogue, table: WrittenName, schema?: WrittenName): CatalogueTable[] {
  const candidates = catalogue.tables.filter((t) => matches(table, t.name) && (!schema || matches(schema, t.schema)))
  // Unqualified, the search path (public) wins; other schemas only when public has none.
  if (schema || candidates.length <= 1) return candidates
  const inDefault = candidates.filter((t) => t.schema === DEFAULT_SCHEMA)
  return inDefault.length > 0 ? inDefault : candidates
}

function columnSuggestions(tables: CatalogueTable[]): CompletionSuggestion[] {
  return tables.flatMap((table) =>
    table.columns.map((column) => ({
      label: column.name,
      kind: 'column' as const,
      detail: `${column.type} · ${table.schema === DEFAULT_SCHEMA ? table.name : `${table.schema}.${table.name}`}`,
      insertText: quoteIdentifier(column.name),
    }))
  )
}

function tableSuggestion(table: CatalogueTable, qualify: boolean): CompletionSuggestion {
  return {
    label: table.name,
    kind: table.kind,
    detail: `${table.kind} in ${table.schema}`,
    insertText: qualify ? `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}` : quoteIdentifier(table.name),
  }
}

/**
 * What to suggest at the cursor. After `schema.`: its tables; after `table.` or `alias.`: the
 * columns; after `schema.table.`: its columns. Otherwise schemas, tables (qualified outside
 * public) and the columns of the tables the statement names.
 */
export function suggestCompletions(catalogue: CompletionCatalogue, textBeforeCursor: string, documentText: string): CompletionSuggestion[] {
  const qualifiers = qualifiersBefore(textBeforeCursor)
  const references = tableReferences(documentText)

  if (qualifiers.length >= 2) {
    const [schema, table] = qualifiers.slice(-2)
    return columnSuggestions(findTables(catalogue, table, schema))
  }

  if (qualifiers.length === 1) {
    const [name] = qualifiers
    const suggestions: CompletionSuggestion[] = []
    const schema = catalogue.schemas.find((s) => matches(name, s))
    if (schema) suggestions.push(...catalogue.tables.filter((t) => t.schema === schema).map((t) => tableSuggestion(t, false)))
    const aliased = references.find((r) => r.alias && (r.alias.quoted ? r.alias.text === name.text : r.alias.text.toLowerCase() === name.text.toLowerCase()))
    const tables = aliased ? findTables(catalogue, aliased.table, aliased.schema) : findTables(catalogue, name)
    suggestions.push(...columnSuggestions(tables))
    return suggestions
  }

  const schemas = catalogue.schemas.map((s) => ({ label: s, kind: 'schema' as const, detail: 'schema', insertText: quoteIdentifier(s) }))
  const tables = catalogue.tables.map((t) => tableSuggestion(t, t.schema !== DEFAULT_SCHEMA))
  const named = references.flatMap((r) => findTables(catalogue, r.table, r.schema))
  const unique = [...new Set(named)]
  return [...schemas, ...tables, ...columnSuggestions(unique)]
}
