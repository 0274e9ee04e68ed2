/**
 * Indexes (/database/indexes): the catalogue queries (indexes with size and scans, a table's
 * columns with the index methods each can use) and the DDL that creates and drops one, plus the
 * query parameters that open the create form filled in (links from the performance advisor).
 * Pure: no I/O.
 */
import { isNameTooLong, inTransaction, isSingleExpression, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteIdent, quoteQualified } from '@/lib/sql/identifiers'

/** The methods the form offers, when the server has them (pg_am). */
export const INDEX_METHODS = ['btree', 'hash', 'gin', 'gist', 'brin'] as const
export type IndexMethod = (typeof INDEX_METHODS)[number]

/**
 * Indexes of the project's tables ($1: hidden schemas): definition, method, size, scans since the
 * statistics were last reset (pg_stat_user_indexes.idx_scan), and the constraint one backs.
 */
export const INDEXES_SQL = `select i.indexrelid::int as id, n.nspname::text as schema, c.relname::text as table_name, ic.relname::text as name,
  am.amname::text as method, pg_catalog.pg_get_indexdef(i.indexrelid) as definition,
  i.indisunique as is_unique, i.indisprimary as is_primary, i.indisvalid as is_valid,
  pg_catalog.pg_relation_size(i.indexrelid)::float8 as size_bytes, coalesce(s.idx_scan, 0)::float8 as scans,
  k.conname::text as constraint_name
from pg_catalog.pg_index i
  join pg_catalog.pg_class ic on ic.oid = i.indexrelid
  join pg_catalog.pg_class c on c.oid = i.indrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_am am on am.oid = ic.relam
  left join pg_catalog.pg_stat_user_indexes s on s.indexrelid = i.indexrelid
  left join pg_catalog.pg_constraint k on k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype in ('p', 'u', 'x')
where not (n.nspname = any($1::text::text[])) and n.nspname !~ '^pg_toast'
order by n.nspname, c.relname, ic.relname`

export type IndexRow = {
  id: number
  schema: string
  table_name: string
  name: string
  method: string
  definition: string
  is_unique: boolean
  is_primary: boolean
  is_valid: boolean
  size_bytes: number
  scans: number
  constraint_name: string | null
}

/** The index methods the server has and what each can do: unique indexes, several columns. */
export const INDEX_METHODS_SQL = `select am.amname::text as name,
  pg_catalog.pg_indexam_has_property(am.oid, 'can_unique') as can_unique,
  pg_catalog.pg_indexam_has_property(am.oid, 'can_multi_col') as can_multi_col
from pg_catalog.pg_am am where am.amtype = 'i' order by am.amname`

export type IndexMethodRow = { name: string; can_unique: boolean; can_multi_col: boolean }

/**
 * A table's columns ($1 schema, $2 table) with the methods that have a default operator class for
 * the column's type (the type itself, a type it is binary-coercible to, or the polymorphic class
 * of enums, arrays and ranges): other methods need an explicit operator class.
 */
export const INDEX_COLUMNS_SQL = `select a.attname::text as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
  pg_catalog.to_json(array(select distinct am.amname::text from pg_catalog.pg_opclass o join pg_catalog.pg_am am on am.oid = o.opcmethod
    where o.opcdefault and (o.opcintype = a.atttypid
      or exists (select 1 from pg_catalog.pg_cast k where k.castsource = a.atttypid and k.casttarget = o.opcintype and k.castmethod = 'b')
      or (o.opcintype = 'pg_catalog.anyenum'::pg_catalog.regtype and t.typtype = 'e')
      or (o.opcintype = 'pg_catalog.anyarray'::pg_catalog.regtype and t.typcategory = 'A')
      or (o.opcintype = 'pg_catalog.anyrange'::pg_catalog.regtype and t.typtype = 'r'))
    order by 1)) as methods
from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_type t on t.oid = a.atttypid
where n.nspname = $1::text and c.relname = $2::text and a.attnum > 0 and not a.attisdropped
order by a.attnum`

export type IndexColumnRow = { name: string; type: string; methods: string[] | string }
export type IndexColumn = { name: string; type: string; methods: string[] }

export function toIndexColumn(row: IndexColumnRow): IndexColumn {
  return { name: row.name, type: row.type, methods: typeof row.methods === 'string' ? (JSON.parse(row.methods) as string[]) : row.methods }
}

/** What the create form collects. */
export type IndexSpec = {
  /** Empty: Postgres names it (table_column_idx). */
  name: string
  schema: string
  table: string
  method: IndexMethod
  columns: readonly string[]
  unique: boolean
  /** A boolean SQL expression for a partial index; empty for none. */
  where: string
  /** CREATE INDEX CONCURRENTLY (a Postgres server only: it cannot run in a transaction). */
  concurrently: boolean
  /** An operator class for some of `columns` (`text_pattern_ops`, `gin_trgm_ops`); the type's default for the others. */
  opclasses?: Readonly<Record<string, string>>
  /** Keys that are expressions (`lower(email)`), after the columns, each one SQL expression. */
  expressions?: readonly string[]
}

/** An operator class name as it may be written: a plain or schema-qualified identifier. */
const OPCLASS = /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)?$/

const opclassSql = (name: string) => name.split('.').map(quoteIdent).join('.')

type MethodAbilities = Pick<IndexMethodRow, 'can_unique' | 'can_multi_col'>


export type IndexErrors = Partial<Record<'name' | 'table' | 'method' | 'columns' | 'unique' | 'where' | 'opclasses' | 'expressions', string>>

/**
 * What is wrong with an index, field by field (empty when it can be created). `method` tells what
 * the chosen method can do; `columns` the table's columns, for the methods each can use.
 */
export function validateIndex(spec: IndexSpec, method: MethodAbilities | undefined, columns: readonly IndexColumn[] | undefined): IndexErrors {
  const errors: IndexErrors = {}
  if (spec.name.includes('\u0000')) errors.name = 'A name cannot contain a NUL character'
  else if (isNameTooLong(spec.name)) errors.name = `Use at most ${MAX_IDENTIFIER_BYTES} bytes (Postgres keeps ${MAX_IDENTIFIER_BYTES})`
  if (!spec.schema || !spec.table) errors.table = 'Choose a table'
  if (!method) errors.method = `This server has no ${spec.method} index method`
  const expressions = (spec.expressions ?? []).map((e) => e.trim()).filter(Boolean)
  const opclasses = spec.opclasses ?? {}
  const keys = spec.columns.length + expressions.length
  if (keys === 0) errors.columns = 'Choose at least one column or expression'
  else if (new Set(spec.columns).size !== spec.columns.length) errors.columns = 'Each column can be chosen once'
  else if (method && !method.can_multi_col && keys > 1) errors.columns = `A ${spec.method} index holds one column`
  else if (columns) {
    const unusable = spec.columns
      .filter((name) => !opclasses[name]?.trim())
      .map((name) => columns.find((c) => c.name === name))
      .find((c) => c && !c.methods.includes(spec.method))
    if (unusable) errors.columns = `Column ${unusable.name} (${unusable.type}) has no default ${spec.method} operator class: name one`
  }
  const badClass = Object.entries(opclasses).find(([column, name]) => spec.columns.includes(column) && name.trim() !== '' && !OPCLASS.test(name.trim()))
  if (badClass) errors.opclasses = `"${badClass[1]}" is not an operator class name (letters, digits and _, optionally schema.name)`
  if (expressions.some((e) => !isSingleExpression(e))) errors.expressions = 'Each expression must be one SQL expression: no semicolons, comments or unclosed quotes or parentheses'
  if (spec.unique && method && !method.can_unique) errors.unique = `A ${spec.method} index cannot be unique; use btree`
  if (spec.where.trim() !== '' && !isSingleExpression(spec.where)) errors.where = 'Enter one SQL expression: no semicolons, comments or unclosed quotes or parentheses'
  return errors
}

/** The one statement of CREATE INDEX, without a transaction around it. */
export function createIndexStatement(spec: IndexSpec): string {
  const name = spec.name.trim() === '' ? '' : ` ${quoteIdent(spec.name)}`
  const where = spec.where.trim() === '' ? '' : ` WHERE ${spec.where.trim()}`
  const opclasses = spec.opclasses ?? {}
  const keys = [
    ...spec.columns.map((c) => (opclasses[c]?.trim() ? `${quoteIdent(c)} ${opclassSql(opclasses[c].trim())}` : quoteIdent(c))),
    ...(spec.expressions ?? []).map((e) => e.trim()).filter(Boolean).map((e) => `(${e})`),
  ]
  return `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX${spec.concurrently ? ' CONCURRENTLY' : ''}${name} ON ${quoteQualified(spec.schema, spec.table)} USING ${spec.method} (${keys.join(', ')})${where}`
}

/**
 * The script that creates an index: in a transaction, or alone (CONCURRENTLY cannot run inside
 * one, so the platform sends it by itself; a failure may leave an invalid index to drop).
 */
export function createIndexSql(spec: IndexSpec): string {
  const statement = createIndexStatement(spec)
  return spec.concurrently ? `${statement};` : inTransaction([statement])
}

/** Drops an index; one that backs a constraint goes with its constraint (ALTER TABLE … DROP CONSTRAINT). */
export function dropIndexSql(index: { schema: string; table: string; name: string; constraint: string | null }): string {
  return inTransaction([
    index.constraint
      ? `ALTER TABLE ${quoteQualified(index.schema, index.table)} DROP CONSTRAINT ${quoteIdent(index.constraint)}`
      : `DROP INDEX ${quoteQualified(index.schema, index.name)}`,
  ])
}

/** What a link to the create form carries: the table and the columns in order. */
export type IndexFormPrefill = { schema: string; table: string; columns: string[] }

/** The query string that opens /database/indexes with the create form filled in. */
export function indexFormQuery(prefill: IndexFormPrefill): string {
  const params = new URLSearchParams({ create: '1', schema: prefill.schema, table: prefill.table })
  for (const column of prefill.columns) params.append('column', column)
  return params.toString()
}

/** The Indexes screen with the create form filled in (the performance advisor's links). */
export function indexFormHref(projectRef: string, prefill: IndexFormPrefill): string {
  return `/project/${encodeURIComponent(projectRef)}/database/indexes?${indexFormQuery(prefill)}`
}

/** The create form's prefill from a page's query (`?create=1&schema=…&table=…&column=…`), or null. */
export function indexFormPrefill(query: Record<string, string | string[] | undefined>): IndexFormPrefill | null {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
  if (one(query.create) !== '1') return null
  const schema = one(query.schema) ?? ''
  const table = one(query.table) ?? ''
  if (!schema || !table) return null
  const column = query.column
  return { schema, table, columns: column === undefined ? [] : Array.isArray(column) ? column : [column] }
}

/** Indexes filtered by schema, table and a search of name and definition. */
export function filterIndexes<T extends Pick<IndexRow, 'schema' | 'table_name' | 'name' | 'definition'>>(rows: readonly T[], filter: { schema: string; table: string; search: string }): T[] {
  const search = filter.search.trim().toLowerCase()
  return rows.filter(
    (row) =>
      (!filter.schema || row.schema === filter.schema) &&
      (!filter.table || row.table_name === filter.table) &&
      (!search || row.name.toLowerCase().includes(search) || row.definition.toLowerCase().includes(search))
  )
}
