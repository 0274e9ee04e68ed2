/**
 * Which relationship an embedded resource (`rel(...)`, `alias:rel!hint(...)`) names, as PostgREST
 * 13 picks it: the embedded table or view's name, a foreign key's name, or a column of the origin
 * holding a single-column foreign key; a `!hint` picks among several by a foreign key's name, a
 * column of either side, or a junction table's name. None: PGRST200; several: PGRST201 (300), with
 * PostgREST's details and hint. The graph is read once per request (relationship-graph.ts).
 */
import { RestError } from '@/lib/rest'
import type { RequestSession } from '../projects/request-role'
import { relationshipsOf, type ForeignKeyRow, type GraphRel, type Qualified, type ViewColumnRow } from './relationship-graph'

const NAMES = (keys: string, rel: string) => `pg_catalog.array_to_json(array(select a.attname::pg_catalog.text
    from pg_catalog.unnest(c.${keys}) with ordinality as k(n, i)
    join pg_catalog.pg_attribute a on a.attrelid = c.${rel} and a.attnum = k.n order by k.i))`

const SORTED = (keys: string) => `(select pg_catalog.array_agg(x order by x) from pg_catalog.unnest(${keys}) as x)`

/** Every foreign key (not a partition's copy) outside the system schemas. */
const FOREIGN_KEYS_SQL = `select c.conname::pg_catalog.text as name, tn.nspname::pg_catalog.text as schema, t.relname::pg_catalog.text as table,
       fn.nspname::pg_catalog.text as fschema, f.relname::pg_catalog.text as ftable,
       ${NAMES('conkey', 'conrelid')} as cols, ${NAMES('confkey', 'confrelid')} as fcols,
       exists (select 1 from pg_catalog.pg_constraint u
                where u.conrelid = c.conrelid and u.contype in ('p', 'u') and ${SORTED('u.conkey')} = ${SORTED('c.conkey')}) as one_to_one,
       pg_catalog.array_to_json(array(select a.attname::pg_catalog.text from pg_catalog.pg_index i
         join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = c.conrelid and i.indisprimary)) as pk
  from pg_catalog.pg_constraint c
  join pg_catalog.pg_class t on t.oid = c.conrelid join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
  join pg_catalog.pg_class f on f.oid = c.confrelid join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace
 where c.contype = 'f' and c.conparentid = 0 and tn.nspname not in ('pg_catalog', 'information_schema')`

/**
 * The columns the views of schema $1 take straight from a table's (or view's) column: the
 * top-level target entries of each view's rule (the last entry of each number in its text; the
 * ones of subqueries come before it), whose name is the view column's.
 */
const VIEW_COLUMNS_SQL = `select vn.nspname::pg_catalog.text as schema, v.relname::pg_catalog.text as view, va.attname::pg_catalog.text as column,
       tn.nspname::pg_catalog.text as sschema, t.relname::pg_catalog.text as stable, ta.attname::pg_catalog.text as scolumn
  from pg_catalog.pg_class v
  join pg_catalog.pg_namespace vn on vn.oid = v.relnamespace
  join pg_catalog.pg_rewrite r on r.ev_class = v.oid and r.ev_type = '1'
  cross join lateral (select distinct on (x.m[1]) x.m from pg_catalog.regexp_matches(r.ev_action::pg_catalog.text,
      ':resno (\\d+) :resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') with ordinality as x(m, i)
    order by x.m[1], x.i desc) e
  join pg_catalog.pg_attribute va on va.attrelid = v.oid and va.attnum = e.m[1]::pg_catalog.int2 and va.attname::pg_catalog.text = e.m[2]
  join pg_catalog.pg_class t on t.oid = e.m[3]::pg_catalog.oid
  join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
  join pg_catalog.pg_attribute ta on ta.attrelid = t.oid and ta.attnum = e.m[4]::pg_catalog.int2
 where v.relkind in ('v', 'm') and vn.nspname = $1`

/** Both in one round trip, as JSON arrays of rows. */
const GRAPH_SQL = `select (select coalesce(pg_catalog.json_agg(k), '[]') from (${FOREIGN_KEYS_SQL}) as k)::pg_catalog.text as keys,
       (select coalesce(pg_catalog.json_agg(v), '[]') from (${VIEW_COLUMNS_SQL}) as v)::pg_catalog.text as views`

type Row = Record<string, unknown>
const rowsOf = (value: unknown) => JSON.parse(String(value)) as Row[]

/** The relationships of a request, read at its first embed and kept for the rest of it. */
export class RelationshipCatalogue {
  private graph?: Promise<{ keys: ForeignKeyRow[]; views: ViewColumnRow[] }>
  constructor(private readonly session: RequestSession, private readonly schema: string) {}

  private load() {
    this.graph ??= (async () => {
      const [graph] = (await this.session.query(GRAPH_SQL, [this.schema])).rows
      const keys = rowsOf(graph.keys).map((r): ForeignKeyRow => ({
        name: String(r.name), table: { schema: String(r.schema), name: String(r.table) }, foreign: { schema: String(r.fschema), name: String(r.ftable) },
        columns: r.cols as string[], foreignColumns: r.fcols as string[], oneToOne: r.one_to_one === true, primaryKey: r.pk as string[],
      }))
      const views = rowsOf(graph.views).map((r): ViewColumnRow => ({
        view: { schema: String(r.schema), name: String(r.view) }, column: String(r.column),
        source: { schema: String(r.sschema), name: String(r.stable) }, sourceColumn: String(r.scolumn),
      }))
      return { keys, views }
    })()
    return this.graph
  }

  /** The one relationship from `origin` that `target` (and `hint`) name; PGRST200 / PGRST201 otherwise. */
  async find(origin: Qualified, target: string, hint: string | undefined): Promise<GraphRel> {
    const { keys, views } = await this.load()
    const found = pickRelationship(relationshipsOf(origin, keys, views), target, hint)
    if (found.length === 1) return found[0]
    if (found.length === 0) {
      throw new RestError(400, 'PGRST200', `Could not find a relationship between '${origin.name}' and '${target}' in the schema cache`,
        `Searched for a foreign key relationship between '${origin.name}' and '${target}${hint === undefined ? '' : `' using the hint '${hint}`}' in the schema '${origin.schema}', but no matches were found.`)
    }
    throw new RestError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin.name}' and '${target}'`,
      found.map(describe), `Try changing '${target}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`)
  }
}

const cols = (list: string[]) => `(${list.join(', ')})`

/** A relationship as PGRST201's details list it. */
function describe(r: GraphRel): Record<string, string> {
  const embedding = `${r.table.name} with ${r.foreign.name}`
  if (r.junction) {
    const j = r.junction
    return { cardinality: r.cardinality, embedding, relationship: `${j.table.name} using ${j.constraint1}${cols(j.source.map(([, c]) => c))} and ${j.constraint2}${cols(j.target.map(([, c]) => c))}` }
  }
  return { cardinality: r.cardinality, embedding, relationship: `${r.constraint} using ${r.table.name}${cols(r.columns.map(([c]) => c))} and ${r.foreign.name}${cols(r.columns.map(([, c]) => c))}` }
}

const hintFor = (r: GraphRel) => `'${r.foreign.name}!${r.junction ? r.junction.table.name : r.constraint}'`

const single = (r: GraphRel, side: 0 | 1, name: string) => !r.junction && r.columns.length === 1 && r.columns[0][side] === name

/** PostgREST's choice among the relationships leaving the origin (its `findRel`). */
export function pickRelationship(rels: GraphRel[], target: string, hint: string | undefined): GraphRel[] {
  return rels.filter((r) => {
    const byName = r.foreign.name === target
    if (r.isSelf) {
      // One foreign key, two ways: the table's name is the one-to-many, the column's the many-to-one.
      if (hint === undefined) return (byName && r.cardinality === 'one-to-many') || (single(r, 0, target) && r.cardinality === 'many-to-one')
      return byName && r.cardinality === 'one-to-many' && single(r, 1, hint)
    }
    if (hint === undefined) {
      return byName || (!r.foreignIsView && !r.junction && (r.constraint === target || single(r, 0, target)))
    }
    return byName && ((!r.junction && r.constraint === hint) || single(r, 0, hint) || single(r, 1, hint) || r.junction?.table.name === hint)
  })
}
