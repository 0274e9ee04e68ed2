/**
 * Every relationship PostgREST would find for embedding, built from the catalogue's foreign keys
 * and the columns views take from tables (relationship-catalogue.ts): many-to-one and one-to-one
 * (the foreign key's columns are the referencing table's primary key or a unique key) from each
 * foreign key, the same through views whose columns come from either side, many-to-many through
 * a junction table whose primary key holds both foreign keys' columns, and each one's inverse
 * (one-to-many, or one-to-one again). Pure: the SQL rows come in, the graph comes out.
 */

export type Qualified = { schema: string; name: string }
export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'

/** A junction table and its two foreign keys: to the origin (`source`) and to the embedded table (`target`). */
export type Junction = {
  table: Qualified
  constraint1: string
  constraint2: string
  /** [origin column, junction column] pairs. */
  source: [string, string][]
  /** [embedded column, junction column] pairs. */
  target: [string, string][]
}

/** A relationship from `table` (the origin) to `foreign` (the embedded resource). */
export type GraphRel = {
  table: Qualified
  foreign: Qualified
  isSelf: boolean
  cardinality: Cardinality
  constraint: string
  /** [origin column, embedded column] pairs; empty for many-to-many. */
  columns: [string, string][]
  tableIsView: boolean
  foreignIsView: boolean
  junction?: Junction
}

/** A foreign key as the catalogue lists it. */
export type ForeignKeyRow = {
  name: string
  table: Qualified
  foreign: Qualified
  columns: string[]
  foreignColumns: string[]
  oneToOne: boolean
  /** Its columns are all in the referencing table's primary key (a junction table's foreign key). */
  inPrimaryKey: boolean
}

/** A view's column and the table column it is taken from. */
export type ViewColumnRow = { view: Qualified; column: string; source: Qualified; sourceColumn: string }

const key = (q: Qualified) => `${q.schema}.${q.name}`
export const sameTable = (a: Qualified, b: Qualified) => a.schema === b.schema && a.name === b.name

/** The view columns that come from each table column, following views of views to the base table. */
function viewSources(views: ViewColumnRow[]): Map<string, { view: Qualified; column: string }[]> {
  const direct = new Map(views.map((v) => [`${key(v.view)}|${v.column}`, v]))
  const found = new Map<string, { view: Qualified; column: string }[]>()
  for (const v of views) {
    let source = { table: v.source, column: v.sourceColumn }
    for (let hops = 0; hops < 16; hops++) {
      const next = direct.get(`${key(source.table)}|${source.column}`)
      if (!next) break
      source = { table: next.source, column: next.sourceColumn }
    }
    const at = `${key(source.table)}|${source.column}`
    found.set(at, [...(found.get(at) ?? []), { view: v.view, column: v.column }])
  }
  return found
}

/** Every choice of one view column per table column, per view: [view, view columns in order]. */
function viewsCovering(sources: Map<string, { view: Qualified; column: string }[]>, table: Qualified, columns: string[]): [Qualified, string[]][] {
  const perColumn = columns.map((c) => sources.get(`${key(table)}|${c}`) ?? [])
  const views = new Map<string, Qualified>()
  for (const { view } of perColumn[0] ?? []) views.set(key(view), view)
  const out: [Qualified, string[]][] = []
  for (const view of views.values()) {
    let combos: string[][] = [[]]
    for (const options of perColumn) {
      const here = options.filter((o) => sameTable(o.view, view)).map((o) => o.column)
      combos = combos.flatMap((combo) => here.map((c) => [...combo, c]))
    }
    for (const combo of combos) out.push([view, combo])
  }
  return out
}

function viewRels(rels: GraphRel[], views: ViewColumnRow[]): GraphRel[] {
  const sources = viewSources(views)
  return rels.flatMap((r) => {
    const own = r.columns.map(([c]) => c)
    const theirs = r.columns.map(([, f]) => f)
    const fromViews = viewsCovering(sources, r.table, own)
    const toViews = viewsCovering(sources, r.foreign, theirs)
    const base = { isSelf: false, cardinality: r.cardinality, constraint: r.constraint }
    return [
      ...fromViews.map(([view, cols]): GraphRel => ({ ...base, table: view, foreign: r.foreign, columns: cols.map((c, i) => [c, theirs[i]]), tableIsView: true, foreignIsView: false })),
      ...toViews.map(([view, cols]): GraphRel => ({ ...base, table: r.table, foreign: view, columns: own.map((c, i) => [c, cols[i]]), tableIsView: false, foreignIsView: true })),
      ...fromViews.flatMap(([v1, c1]) => toViews.map(([v2, c2]): GraphRel => ({
        ...base, isSelf: sameTable(v1, v2), table: v1, foreign: v2, columns: c1.map((c, i) => [c, c2[i]]), tableIsView: true, foreignIsView: true,
      }))),
    ]
  })
}

/** Many-to-many through each table whose primary key holds the columns of two of its foreign keys. */
function manyToMany(rels: GraphRel[], keys: ForeignKeyRow[]): GraphRel[] {
  const inPrimaryKey = new Set(keys.filter((k) => k.inPrimaryKey).map((k) => `${key(k.table)}|${k.name}`))
  const m2o = rels.filter((r) => r.cardinality === 'many-to-one' && !r.tableIsView && inPrimaryKey.has(`${key(r.table)}|${r.constraint}`))
  return m2o.flatMap((one) => m2o.filter((two) => sameTable(two.table, one.table) && two.constraint !== one.constraint).map((two): GraphRel => {
    return {
      table: one.foreign, foreign: two.foreign, isSelf: sameTable(one.foreign, two.foreign), cardinality: 'many-to-many', constraint: '',
      columns: [], tableIsView: one.foreignIsView, foreignIsView: two.foreignIsView,
      junction: {
        table: one.table, constraint1: one.constraint, constraint2: two.constraint,
        source: one.columns.map(([j, t]) => [t, j]), target: two.columns.map(([j, f]) => [f, j]),
      },
    }
  }))
}

const inverse = (r: GraphRel): GraphRel => ({
  ...r, table: r.foreign, foreign: r.table, tableIsView: r.foreignIsView, foreignIsView: r.tableIsView,
  cardinality: r.cardinality === 'many-to-one' ? 'one-to-many' : 'one-to-one', columns: r.columns.map(([a, b]) => [b, a]),
})

const ORDER: Cardinality[] = ['one-to-many', 'many-to-one', 'one-to-one', 'many-to-many']

/** The relationships leaving `origin`, sorted as PostgREST lists them (embedded table, cardinality, constraint). */
export function relationshipsOf(origin: Qualified, keys: ForeignKeyRow[], views: ViewColumnRow[]): GraphRel[] {
  const direct = keys.map((k): GraphRel => ({
    table: k.table, foreign: k.foreign, isSelf: sameTable(k.table, k.foreign), cardinality: k.oneToOne ? 'one-to-one' : 'many-to-one',
    constraint: k.name, columns: k.columns.map((c, i) => [c, k.foreignColumns[i]]), tableIsView: false, foreignIsView: false,
  }))
  const withViews = [...direct, ...viewRels(direct, views)]
  const all = [...withViews, ...manyToMany(withViews, keys), ...withViews.map(inverse)]
  const sortKey = (r: GraphRel) => [key(r.foreign), String(r.isSelf), String(ORDER.indexOf(r.cardinality)), r.constraint || r.junction!.table.name]
  return all.filter((r) => sameTable(r.table, origin)).sort((a, b) => {
    const [x, y] = [sortKey(a), sortKey(b)]
    const i = x.findIndex((v, n) => v !== y[n])
    return i < 0 ? 0 : x[i] < y[i] ? -1 : 1
  })
}
