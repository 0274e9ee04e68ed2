/**
 * Which relationship an embedded resource (`rel(...)`, `alias:rel!hint(...)`) names, as PostgREST
 * 13 picks it: the embedded table or view's name, a foreign key's name, or a column of the origin
 * holding a single-column foreign key; a `!hint` picks among several by a foreign key's name, a
 * column of either side, or a junction table's name. None: PGRST200; several: PGRST201 (300), with
 * PostgREST's details and hint. The relationships around an origin are read in one statement
 * (relationship-sql.ts) and built into PostgREST's graph (relationship-graph.ts).
 */
import { RestError } from '@/lib/rest'
import type { RequestSession } from '../projects/request-role'
import { FIXED_TYPES, GRAPH_SQL } from './relationship-sql'
import { relationshipsOf, type ForeignKeyRow, type GraphRel, type Qualified, type ViewColumnRow } from './relationship-graph'

type Row = Record<string, unknown>
const rowsOf = (value: unknown) => JSON.parse(String(value)) as Row[]

/** The relationships around each origin and embedded name of a request's embeds, read once per request. */
export class RelationshipCatalogue {
  private readonly graphs = new Map<string, Promise<{ keys: ForeignKeyRow[]; views: ViewColumnRow[] }>>()
  constructor(private readonly session: RequestSession) {}

  private load(origin: Qualified, target: string) {
    const regclass = `"${origin.schema.replaceAll('"', '""')}"."${origin.name.replaceAll('"', '""')}"`
    const key = JSON.stringify([regclass, target])
    let graph = this.graphs.get(key)
    if (!graph) this.graphs.set(key, (graph = this.read([regclass, origin.schema, target])))
    return graph
  }

  private async read(params: [string, string, string]) {
    const [graph] = (await this.session.query(GRAPH_SQL, params, FIXED_TYPES)).rows
    const keys = rowsOf(graph.keys).map((r): ForeignKeyRow => ({
      name: String(r.name), table: { schema: String(r.schema), name: String(r.table) }, foreign: { schema: String(r.fschema), name: String(r.ftable) },
      columns: (r.cols as string[][]).map(([c]) => c), foreignColumns: (r.cols as string[][]).map(([, f]) => f),
      oneToOne: r.one_to_one === true, inPrimaryKey: r.in_pk === true,
    }))
    const views = rowsOf(graph.views).map((r): ViewColumnRow => ({
      view: { schema: String(r.schema), name: String(r.view) }, column: String(r.column),
      source: { schema: String(r.sschema), name: String(r.stable) }, sourceColumn: String(r.scolumn),
    }))
    return { keys, views }
  }

  /** The one relationship from `origin` that `target` (and `hint`) name; PGRST200 / PGRST201 otherwise. */
  async find(origin: Qualified, target: string, hint: string | undefined): Promise<GraphRel> {
    const { keys, views } = await this.load(origin, target)
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
