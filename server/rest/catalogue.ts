/**
 * What the project REST API needs to know of a table, read from the catalogue on every request
 * (so schema changes show at once, no cache to refresh): its columns with their types, which
 * cast array, JSON and range filter values, and its primary key, the default `on_conflict`.
 * The request's own table is read in the transaction's first round trip (`tableLookup`, sent
 * with BEGIN), embedded ones with a statement each.
 */
import { RestError, type SelectEmbed, type SelectItem } from '@/lib/rest'
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
  return tableFromRows(schema, name, (await session.query(TABLE_SQL, [schema, name])).rows)
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

/** How an embedded resource joins its parent: through one foreign key, either way. */
export type Relationship = {
  table: RestTable
  /** The embedded table refers to the parent (one-to-many: an array), else the parent to it (an object or null). */
  many: boolean
  /** [parent column, embedded column] pairs of the foreign key. */
  on: [string, string][]
}

const KEY_COLUMNS = (keys: string, rel: string) => `pg_catalog.array_to_json(array(select a.attname::pg_catalog.text
    from pg_catalog.unnest(c.${keys}) with ordinality as k(n, i)
    join pg_catalog.pg_attribute a on a.attrelid = c.${rel} and a.attnum = k.n order by k.i))::pg_catalog.text`

const RELATIONSHIPS_SQL = `select c.conname::pg_catalog.text as name, c.conrelid = p.oid as parent_refers,
       ${KEY_COLUMNS('conkey', 'conrelid')} as src, ${KEY_COLUMNS('confkey', 'confrelid')} as dst
  from pg_catalog.pg_constraint c,
       (select pg_catalog.to_regclass($1)::pg_catalog.oid as oid) p, (select pg_catalog.to_regclass($2)::pg_catalog.oid as oid) e
 where c.contype = 'f' and ((c.conrelid = p.oid and c.confrelid = e.oid) or (c.conrelid = e.oid and c.confrelid = p.oid))
 order by c.conname`

const regclass = (t: RestTable) => `"${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`

/** The foreign key joining `parent` and `embed.relation` (picked by `!hint`: its name or a column); PGRST200/201 otherwise. */
async function relationship(session: RequestSession, parent: RestTable, embed: SelectEmbed): Promise<Relationship> {
  const none = () => new RestError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${embed.relation}' in the schema cache`)
  const table = await lookupTable(session, parent.schema, embed.relation).catch((error) => {
    throw error instanceof RestError ? none() : error
  })
  const { rows } = await session.query(RELATIONSHIPS_SQL, [regclass(parent), regclass(table)])
  const keys = rows.map((r) => ({ name: String(r.name), parentRefers: r.parent_refers === true || r.parent_refers === 't', src: JSON.parse(String(r.src)) as string[], dst: JSON.parse(String(r.dst)) as string[] }))
  const fitting = embed.hint === undefined ? keys : keys.filter((k) => k.name === embed.hint || k.src.includes(embed.hint!))
  if (fitting.length === 0) throw none()
  if (fitting.length > 1) {
    throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.relation}'`,
      null, `Try changing '${embed.relation}' to one of: ${fitting.map((k) => `'${embed.relation}!${k.name}'`).join(', ')}`)
  }
  const [key] = fitting
  const on = key.src.map((s, i): [string, string] => (key.parentRefers ? [s, key.dst[i]] : [key.dst[i], s]))
  return { table, many: !key.parentRefers, on }
}

/** Every embedded resource of a select tree, with how it joins its parent. */
export async function resolveEmbeds(session: RequestSession, table: RestTable, items: SelectItem[], found = new Map<SelectEmbed, Relationship>()) {
  for (const item of items) {
    if (item.type !== 'embed') continue
    const rel = await relationship(session, table, item)
    found.set(item, rel)
    await resolveEmbeds(session, rel.table, item.select, found)
  }
  return found
}
