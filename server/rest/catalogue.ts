/**
 * What the project REST API needs to know of a table, read from the catalogue on every request
 * (so schema changes show at once, no cache to refresh): its columns with their types, which
 * cast array, JSON and range filter values, and its primary key, the default `on_conflict`.
 * The request's own table is read in the transaction's first round trip (`tableLookup`, sent
 * with BEGIN), embedded ones with a statement each, after the relationships (relationships.ts).
 */
import { RestError, type SelectEmbed, type SelectItem } from '@/lib/rest'
import type { Junction } from './relationship-graph'
import { RelationshipCatalogue } from './relationships'
import { FIXED_TYPES } from './relationship-sql'
import type { Prepared } from '../projects/engines'
import type { RequestSession } from '../projects/request-role'

export type RestTable = {
  schema: string
  name: string
  /** Column name → type as Postgres prints it (`text[]`, `jsonb`, `bigint`). */
  columns: Map<string, string>
  primaryKey: string[]
}

const TABLE_SQL = `select a.attname::pg_catalog.text as name, a.atttypid::pg_catalog.regtype::pg_catalog.text as type,
       coalesce(a.attnum = any(i.indkey), false) as pk
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
 where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')
 order by a.attnum`

/** The lookup of `schema.name` as `withRequestRole`'s `first` (prepared once per connection: its text alone decides its plan), read with `tableFromRows`. */
export function tableLookup(schema: string, name: string): Prepared {
  return { text: TABLE_SQL, params: [schema, name], key: '' }
}

/** The table or view `schema.name`; 42P01 (404) when there is none. */
export async function lookupTable(session: RequestSession, schema: string, name: string): Promise<RestTable> {
  return tableFromRows(schema, name, (await session.query(TABLE_SQL, [schema, name], FIXED_TYPES)).rows)
}

/** The table from the rows of TABLE_SQL; 42P01 (404) when there are none, as PostgREST 13.0 answers (Postgres's words). */
export function tableFromRows(schema: string, name: string, rows: Record<string, unknown>[]): RestTable {
  if (rows.length === 0) {
    throw new RestError(404, '42P01', `relation "${schema}.${name}" does not exist`)
  }
  const columns = new Map(rows.map((r) => [String(r.name), String(r.type)]))
  const primaryKey = rows.filter((r) => r.pk === true || r.pk === 't').map((r) => String(r.name))
  return { schema, name, columns, primaryKey }
}

/** How an embedded resource joins its parent: through one foreign key either way, or through a junction table. */
export type Relationship = {
  table: RestTable
  /** One-to-many or many-to-many (an array), else many-to-one or one-to-one (an object or null). */
  many: boolean
  /** [parent column, embedded column] pairs of the foreign key; empty through a junction. */
  on: [string, string][]
  /** Many-to-many: the junction table, with [parent column, junction column] and [embedded column, junction column] pairs. */
  junction?: Junction
}

/** Every embedded resource of a select tree, with how it joins its parent (relationships.ts picks it as PostgREST does). */
export async function resolveEmbeds(session: RequestSession, table: RestTable, items: SelectItem[], found = new Map<SelectEmbed, Relationship>(),
  catalogue = new RelationshipCatalogue(session)) {
  for (const item of items) {
    if (item.type !== 'embed') continue
    const rel = await catalogue.find(table, item.relation, item.hint)
    const embedded = await lookupTable(session, rel.foreign.schema, rel.foreign.name)
    found.set(item, { table: embedded, many: rel.cardinality === 'one-to-many' || rel.cardinality === 'many-to-many', on: rel.columns, junction: rel.junction })
    await resolveEmbeds(session, embedded, item.select, found, catalogue)
  }
  return found
}
