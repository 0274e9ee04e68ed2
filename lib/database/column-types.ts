/**
 * The column types the table panel offers, read from the database's own pg_type (built-in types,
 * the user's enums, domains and ranges, and arrays of each), and the common defaults per type.
 */
import { qualifiedNameForDisplay } from '@/lib/sql/identifiers'

/** One row of COLUMN_TYPES_SQL. */
export type ColumnTypeRow = { schema: string; name: string; kind: string; is_array: boolean }

/**
 * Types a column can have: base, enum, domain, range and multirange types of every schema but
 * `$1` (the excluded ones, as text[]), pg_catalog's included; arrays of those; no pseudo-types,
 * row types of tables or internal `pg_*` / `reg*` types.
 */
export const COLUMN_TYPES_SQL = `select n.nspname as schema, coalesce(e.typname, t.typname) as name,
  coalesce(e.typtype, t.typtype)::text as kind, e.oid is not null as is_array
from pg_catalog.pg_type t
join pg_catalog.pg_namespace n on n.oid = t.typnamespace
left join pg_catalog.pg_type e on e.oid = t.typelem and t.typcategory = 'A'
where coalesce(e.typtype, t.typtype) in ('b', 'e', 'd', 'r', 'm')
  and (t.typcategory = 'A') = (e.oid is not null)
  and coalesce(e.typcategory, t.typcategory) not in ('P', 'X', 'Z')
  and coalesce(e.typname, t.typname) !~ '^(pg_|reg|_)'
  and coalesce(e.typname, t.typname) not in ('aclitem', 'cid', 'gtsvector', 'int2vector', 'oidvector', 'refcursor', 'tid', 'xid', 'xid8', 'name', 'char', 'txid_snapshot')
  and (n.nspname = 'pg_catalog' or not (n.nspname = any($1::text::text[])))
order by n.nspname <> 'pg_catalog', n.nspname, 2, 4`

/** A type as the panel offers it: how it is written in DDL, and which group it is listed under. */
export type ColumnTypeOption = { value: string; group: 'Built-in' | 'Enums' | 'Other user types' }

/** Type names the panel offers: built-ins bare (`int8`, `text[]`), the user's types schema-qualified. */
export function columnTypeOptions(rows: readonly ColumnTypeRow[]): ColumnTypeOption[] {
  return rows.map((row) => {
    const base = row.schema === 'pg_catalog' ? row.name : qualifiedNameForDisplay(row.schema, row.name)
    const group = row.schema === 'pg_catalog' ? 'Built-in' : row.kind === 'e' ? 'Enums' : 'Other user types'
    return { value: row.is_array ? `${base}[]` : base, group }
  })
}

const DEFAULTS: [RegExp, string[]][] = [
  [/\[\]$/, ["'{}'"]],
  [/^(timestamptz|timestamp with time zone)$/, ['now()', "(now() at time zone 'utc')"]],
  [/^(timestamp|timestamp without time zone)$/, ["(now() at time zone 'utc')", 'now()']],
  [/^date$/, ['current_date', 'now()']],
  [/^(time|timetz|time with(out)? time zone)$/, ['current_time', 'now()']],
  [/^uuid$/, ['gen_random_uuid()']],
  [/^(int2|int4|int8|smallint|integer|bigint|int|numeric|decimal|float4|float8|real|double precision)(\(.*\))?$/, ['0']],
  [/^(text|varchar|character varying|char|character|bpchar|citext)(\(.*\))?$/, ["''"]],
  [/^(bool|boolean)$/, ['true', 'false']],
  [/^jsonb$/, ["'{}'::jsonb", "'[]'::jsonb"]],
  [/^json$/, ["'{}'::json", "'[]'::json"]],
  [/^interval$/, ["'1 day'::interval"]],
  [/^inet$/, ["'0.0.0.0'::inet"]],
]

/** Common defaults for a column of `type` (any other SQL expression may be typed). */
export function commonDefaults(type: string): string[] {
  const t = type.trim().toLowerCase()
  return DEFAULTS.find(([pattern]) => pattern.test(t))?.[1] ?? []
}
