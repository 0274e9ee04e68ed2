/**
 * What the project REST API needs to know of a table, read from the catalogue on every request
 * (so schema changes show at once, no cache to refresh): its columns with their types, which
 * cast array, JSON and range filter values, and its primary key, the default `on_conflict`.
 */
import { RestError } from '@/lib/rest'
import type { RequestSession } from '../projects/request-role'

export type RestTable = {
  schema: string
  name: string
  /** Column name → type as Postgres prints it (`text[]`, `jsonb`, `bigint`). */
  columns: Map<string, string>
  primaryKey: string[]
}

/** The schemas the API serves; only `public` for now. */
export const REST_SCHEMAS = ['public'] as const

const TABLE_SQL = `select a.attname::pg_catalog.text as name, a.atttypid::pg_catalog.regtype::pg_catalog.text as type,
       coalesce(a.attnum = any(i.indkey), false) as pk
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
 where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')
 order by a.attnum`

/** The table or view `schema.name`; PGRST205 (404) when there is none. */
export async function lookupTable(session: RequestSession, schema: string, name: string): Promise<RestTable> {
  const { rows } = await session.query(TABLE_SQL, [schema, name])
  if (rows.length === 0) {
    throw new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`)
  }
  const columns = new Map(rows.map((r) => [String(r.name), String(r.type)]))
  const primaryKey = rows.filter((r) => r.pk === true || r.pk === 't').map((r) => String(r.name))
  return { schema, name, columns, primaryKey }
}
