/** The catalogue of tables (columns, constraints, indexes) of a project's database, read in one query. */
import { HIDDEN_SCHEMAS } from '@/lib/schemas'

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
