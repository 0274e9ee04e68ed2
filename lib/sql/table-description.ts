/**
 * The catalogue of tables (columns, constraints, indexes) read in one query, and the table
 * description of spec §3 computed from it for any set of tables, with its text export (the
 * "schema export" that carries the context-only warning header, spec §9).
 */
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { quoteIdentIfNeeded, qualifiedNameForDisplay } from './identifiers'

export type CatalogueColumn = {
  position: number
  name: string
  /** `format_type` of the column, e.g. `bigint`, `character varying(20)`. */
  data_type: string
  is_nullable: boolean
  default_value: string | null
  /** `a` (always), `d` (by default) or null. */
  identity: 'a' | 'd' | null
  /** `s` for a stored generated column, else null. */
  generated: 's' | null
  /** Expression of a generated column. */
  generation_expression: string | null
  comment: string | null
}

export type CatalogueConstraint = {
  name: string
  /** p primary key, u unique, f foreign key, c check, x exclusion, n not null (PG 18). */
  type: string
  definition: string
  columns: string[]
  target_schema: string | null
  target_table: string | null
  target_columns: string[] | null
  check_expression: string | null
  /** foreign key actions: a no action, r restrict, c cascade, n set null, d set default */
  on_delete: string | null
  on_update: string | null
}

export type CatalogueReference = {
  name: string
  source_schema: string
  source_table: string
  source_columns: string[]
  target_columns: string[]
}

export type CatalogueIndex = { name: string; definition: string; is_unique: boolean; columns: string[]; is_constraint: boolean }

/** One table (or view) of the catalogue query. */
export type CatalogueTable = {
  id: number
  schema: string
  name: string
  /** r table, p partitioned table, v view, m materialized view, f foreign table */
  kind: string
  comment: string | null
  rls_enabled: boolean
  view_definition: string | null
  /** `RANGE (created_at)` etc. for a partitioned table. */
  partition_key: string | null
  columns: CatalogueColumn[]
  constraints: CatalogueConstraint[]
  /** Foreign keys of other tables (or itself) that point at this table. */
  referenced_by: CatalogueReference[]
  indexes: CatalogueIndex[]
}

/** Relation kinds the table editor lists. */
export const TABLE_KINDS = ['r', 'p', 'v', 'm', 'f'] as const

const COLUMN_NAMES = (keys: string, rel: string) =>
  `coalesce((select json_agg(att.attname order by u.ord) from unnest(${keys}) with ordinality u(attnum, ord) join pg_catalog.pg_attribute att on att.attrelid = ${rel} and att.attnum = u.attnum), '[]'::json)`

/**
 * The catalogue of the relations chosen by `$1` (oid[] as text, e.g. `{16384}`) or, when `$1` is
 * null, of every relation in the schemas `$2` (text[] as text). One row per relation.
 */
export const TABLE_CATALOGUE_SQL = `
select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as kind,
  pg_catalog.obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls_enabled,
  case when c.relkind in ('v', 'm') then pg_catalog.pg_get_viewdef(c.oid, true) end as view_definition,
  case when c.relkind = 'p' then pg_catalog.pg_get_partkeydef(c.oid) end as partition_key,
  coalesce((select json_agg(json_build_object(
      'position', a.attnum, 'name', a.attname, 'data_type', pg_catalog.format_type(a.atttypid, a.atttypmod),
      'is_nullable', not a.attnotnull,
      'default_value', case when a.attgenerated = '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
      'identity', nullif(a.attidentity::text, ''),
      'generated', nullif(a.attgenerated::text, ''),
      'generation_expression', case when a.attgenerated <> '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
      'comment', pg_catalog.col_description(c.oid, a.attnum)) order by a.attnum)
    from pg_catalog.pg_attribute a
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
  coalesce((select json_agg(json_build_object(
      'name', k.conname, 'type', k.contype::text, 'definition', pg_catalog.pg_get_constraintdef(k.oid, true),
      'columns', ${COLUMN_NAMES('k.conkey', 'k.conrelid')},
      'target_schema', tn.nspname, 'target_table', tc.relname,
      'target_columns', case when k.contype = 'f' then ${COLUMN_NAMES('k.confkey', 'k.confrelid')} end,
      'check_expression', case when k.contype = 'c' then pg_catalog.pg_get_expr(k.conbin, k.conrelid, true) end,
      'on_delete', nullif(k.confdeltype::text, ' '), 'on_update', nullif(k.confupdtype::text, ' '))
      order by k.contype, k.conname)
    from pg_catalog.pg_constraint k
    left join pg_catalog.pg_class tc on tc.oid = k.confrelid
    left join pg_catalog.pg_namespace tn on tn.oid = tc.relnamespace
    where k.conrelid = c.oid and k.contype <> 'n'), '[]'::json) as constraints,
  coalesce((select json_agg(json_build_object(
      'name', k.conname, 'source_schema', sn.nspname, 'source_table', sc.relname,
      'source_columns', ${COLUMN_NAMES('k.conkey', 'k.conrelid')},
      'target_columns', ${COLUMN_NAMES('k.confkey', 'k.confrelid')}) order by sn.nspname, sc.relname, k.conname)
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_class sc on sc.oid = k.conrelid
    join pg_catalog.pg_namespace sn on sn.oid = sc.relnamespace
    where k.contype = 'f' and k.confrelid = c.oid), '[]'::json) as referenced_by,
  coalesce((select json_agg(json_build_object(
      'name', ic.relname, 'definition', pg_catalog.pg_get_indexdef(i.indexrelid), 'is_unique', i.indisunique,
      'columns', ${COLUMN_NAMES('i.indkey::int2[]', 'i.indrelid')},
      'is_constraint', exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid and k.conrelid = c.oid))
      order by ic.relname)
    from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid
    where i.indrelid = c.oid), '[]'::json) as indexes
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'v', 'm', 'f')
  and case when $1::text is not null then c.oid = any($1::text::oid[]) else n.nspname = any($2::text::text[]) end
  and not (n.nspname = any($3::text::text[]))
order by n.nspname, c.relname`.trim()

/** Postgres array text of names or oids (`{a,"b c"}`), the form the catalogue query takes. */
export function postgresArrayText(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`
}

/** Parameters of TABLE_CATALOGUE_SQL for tables by id, or for every table of some schemas. */
export function tableCatalogueParameters(selection: { ids: readonly number[] } | { schemas: readonly string[] }): unknown[] {
  const excluded = postgresArrayText(HIDDEN_SCHEMAS)
  return 'ids' in selection ? [postgresArrayText(selection.ids), null, excluded] : [null, postgresArrayText(selection.schemas), excluded]
}

function parseJsonField<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

/** Catalogue rows as the platform returns them (json columns may arrive as text). */
export function parseCatalogueRows(rows: readonly Record<string, unknown>[]): CatalogueTable[] {
  return rows.map((row) => ({
    id: Number(row.id),
    schema: String(row.schema),
    name: String(row.name),
    kind: String(row.kind),
    comment: (row.comment as string | null) ?? null,
    rls_enabled: Boolean(row.rls_enabled),
    view_definition: (row.view_definition as string | null) ?? null,
    partition_key: (row.partition_key as string | null) ?? null,
    columns: parseJsonField<CatalogueColumn[]>(row.columns) ?? [],
    constraints: parseJsonField<CatalogueConstraint[]>(row.constraints) ?? [],
    referenced_by: parseJsonField<CatalogueReference[]>(row.referenced_by) ?? [],
    indexes: parseJsonField<CatalogueIndex[]>(row.indexes) ?? [],
  }))
}

// ---------------------------------------------------------------------------------------------
// spec §3: Table description (schema export)

export type TableDescriptionColumn = {
  name: string
  data_type: string
  is_identity: boolean
  is_nullable: boolean
  default_value: string | null
  is_unique: boolean
  check: string | null
}

export type TableRelationship = {
  constraint_name: string
  source_table_name: string
  source_column_name: string
  target_table_schema: string
  target_table_name: string
  target_column_name: string
}

export type TableDescription = {
  schema: string
  name: string
  columns: TableDescriptionColumn[]
  primary_keys: string[]
  relationships: TableRelationship[]
}

/** spec §9: "A schema export carries a warning header that it is context only". */
export const SCHEMA_EXPORT_WARNING = '-- WARNING: This schema is for context only and is not meant to be run.'
export const SCHEMA_EXPORT_ORDER_NOTE = '-- Table order and constraints may not be valid for execution.'

/** The key columns of a table (primary key constraint, in key order). */
export function primaryKeyColumns(table: CatalogueTable): string[] {
  return table.constraints.find((k) => k.type === 'p')?.columns ?? []
}

/** Columns made unique on their own, by a unique constraint or a unique index (not the primary key). */
function singleColumnUniques(table: CatalogueTable): Set<string> {
  const unique = new Set<string>()
  for (const k of table.constraints) if (k.type === 'u' && k.columns.length === 1) unique.add(k.columns[0])
  for (const i of table.indexes) if (i.is_unique && i.columns.length === 1 && !/\bWHERE\b/i.test(i.definition)) unique.add(i.columns[0])
  const key = primaryKeyColumns(table)
  if (key.length === 1) unique.delete(key[0])
  return unique
}

/** spec §3 description of one catalogue table. */
export function describeTable(table: CatalogueTable): TableDescription {
  const unique = singleColumnUniques(table)
  const checks = new Map<string, string[]>()
  for (const k of table.constraints) {
    if (k.type !== 'c' || k.columns.length !== 1 || !k.check_expression) continue
    checks.set(k.columns[0], [...(checks.get(k.columns[0]) ?? []), k.check_expression])
  }
  const relationships: TableRelationship[] = []
  for (const k of table.constraints) {
    if (k.type !== 'f' || !k.target_table || !k.target_schema) continue
    k.columns.forEach((column, i) =>
      relationships.push({
        constraint_name: k.name,
        source_table_name: table.name,
        source_column_name: column,
        target_table_schema: k.target_schema as string,
        target_table_name: k.target_table as string,
        target_column_name: k.target_columns?.[i] ?? '',
      })
    )
  }
  for (const ref of table.referenced_by) {
    // A self-reference is already listed as one of the table's own foreign keys.
    if (ref.source_schema === table.schema && ref.source_table === table.name) continue
    ref.source_columns.forEach((column, i) =>
      relationships.push({
        constraint_name: ref.name,
        source_table_name: ref.source_table,
        source_column_name: column,
        target_table_schema: table.schema,
        target_table_name: table.name,
        target_column_name: ref.target_columns[i] ?? '',
      })
    )
  }
  return {
    schema: table.schema,
    name: table.name,
    columns: table.columns.map((c) => ({
      name: c.name,
      data_type: c.data_type,
      is_identity: c.identity !== null,
      is_nullable: c.is_nullable,
      default_value: c.default_value,
      is_unique: unique.has(c.name),
      check: checks.has(c.name) ? (checks.get(c.name) as string[]).join(' AND ') : null,
    })),
    primary_keys: primaryKeyColumns(table),
    relationships,
  }
}

/** spec §3 descriptions of a set of tables. */
export function describeTables(tables: readonly CatalogueTable[]): TableDescription[] {
  return tables.map(describeTable)
}

function describeColumnLine(column: TableDescriptionColumn): string {
  const parts = [quoteIdentIfNeeded(column.name), column.data_type]
  // The description keeps only whether a column is an identity; BY DEFAULT is what the editor creates.
  if (column.is_identity) parts.push('GENERATED BY DEFAULT AS IDENTITY')
  else if (column.default_value !== null) parts.push(`DEFAULT ${column.default_value}`)
  if (!column.is_nullable) parts.push('NOT NULL')
  if (column.is_unique) parts.push('UNIQUE')
  if (column.check) parts.push(`CHECK (${column.check})`)
  return parts.join(' ')
}

/** One table of the export: a CREATE TABLE for context, with its key and outgoing foreign keys. */
export function formatTableDescription(table: TableDescription): string {
  const lines = table.columns.map(describeColumnLine)
  if (table.primary_keys.length > 0) lines.push(`PRIMARY KEY (${table.primary_keys.map(quoteIdentIfNeeded).join(', ')})`)
  const outgoing = new Map<string, TableRelationship[]>()
  const incoming: TableRelationship[] = []
  for (const rel of table.relationships) {
    if (rel.source_table_name === table.name) outgoing.set(rel.constraint_name, [...(outgoing.get(rel.constraint_name) ?? []), rel])
    else incoming.push(rel)
  }
  for (const [name, rels] of outgoing) {
    const source = rels.map((r) => quoteIdentIfNeeded(r.source_column_name)).join(', ')
    const target = rels.map((r) => quoteIdentIfNeeded(r.target_column_name)).join(', ')
    const { target_table_schema: schema, target_table_name: tableName } = rels[0]
    lines.push(`CONSTRAINT ${quoteIdentIfNeeded(name)} FOREIGN KEY (${source}) REFERENCES ${qualifiedNameForDisplay(schema, tableName)}(${target})`)
  }
  const statement = `CREATE TABLE ${qualifiedNameForDisplay(table.schema, table.name)} (\n${lines.map((l) => `  ${l}`).join(',\n')}\n);`
  const referencedBy = incoming.map(
    (r) => `-- Referenced by ${quoteIdentIfNeeded(r.source_table_name)}.${quoteIdentIfNeeded(r.source_column_name)} (${r.constraint_name})`
  )
  return [statement, ...[...new Set(referencedBy)]].join('\n')
}

/** The schema export: the warning header, then every table. */
export function formatTableDescriptions(tables: readonly TableDescription[]): string {
  return [`${SCHEMA_EXPORT_WARNING}\n${SCHEMA_EXPORT_ORDER_NOTE}`, ...tables.map(formatTableDescription)].join('\n\n') + '\n'
}
