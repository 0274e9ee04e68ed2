/**
 * `Prefer: missing=default` on a bulk insert or upsert: a key a row lacks takes its column's
 * default. As PostgREST builds it, each row is the JSON object of every column default, evaluated
 * for that row, overlaid with the row's own keys (`defaults || row`), so a default with effects (a
 * sequence's `nextval`) runs once for every row. The defaults are read from the catalogue as the
 * table defines them (Postgres's own text of each expression); generated columns have none.
 */
import { quoteIdent } from '@/lib/sql/identifiers'
import type { RequestSession } from '../projects/request-role'
import type { RestTable } from './catalogue'

const DEFAULTS_SQL = `select a.attname::pg_catalog.text as name,
       case when a.attidentity <> '' then 'pg_catalog.nextval(' || pg_catalog.quote_literal(pg_catalog.pg_get_serial_sequence($1::pg_catalog.text, a.attname)) || '::pg_catalog.regclass)'
            else pg_catalog.pg_get_expr(d.adbin, d.adrelid) end as expr
  from pg_catalog.pg_attribute a
  left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
 where a.attrelid = $1::pg_catalog.text::pg_catalog.regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
   and (d.adbin is not null or a.attidentity <> '')`

/** Column → its default's SQL text, for the columns that have one. */
export async function columnDefaults(session: RequestSession, table: RestTable): Promise<Map<string, string>> {
  const { rows } = await session.query(DEFAULTS_SQL, [`${quoteIdent(table.schema)}.${quoteIdent(table.name)}`])
  return new Map(rows.map((row) => [String(row.name), String(row.expr)]))
}

/** `jsonb_build_object('col', <default>, ...)`: every default of `columns`, for one row. */
export function defaultsObject(defaults: ReadonlyMap<string, string>, columns: string[]): string {
  const pairs = columns.filter((c) => defaults.has(c)).map((c) => `${quoteLiteralText(c)}, ${defaults.get(c)}`)
  return `pg_catalog.jsonb_build_object(${pairs.join(', ')})`
}

const quoteLiteralText = (text: string) => `'${text.replace(/'/g, "''")}'`
