/**
 * Embedded resources in a statement's select list (sql.ts writes the list, this file each embed):
 * a correlated subquery per embed, an array (one-to-many, many-to-many through the junction
 * table) or an object or null (many-to-one, one-to-one), filtered, ordered and paged by the
 * request's `rel.col=`, `rel.or=`, `rel.order=`, `rel.limit=` / `rel.offset=`. Rows come in the
 * order Postgres gives them unless ordered. `rel()` embeds nothing but still filters with `!inner`.
 */
import {
  filtersAt, filtersToSql, orderToSql, rangeToSql, RestError,
  type EmbeddedTransform, type Filter, type RestQuery, type SelectEmbed, type SelectItem, type SqlContext,
} from '@/lib/rest'
import { quoteIdent, quoteQualified } from '@/lib/sql/identifiers'
import { aggregateSql, checkToManySpread, toManySpreadColumn, unaggregated, type ListPart } from './aggregate-sql'
import type { Relationship, RestTable } from './catalogue'

/** The embedded resources of a request's select tree, resolved (catalogue.ts `resolveEmbeds`). */
export type Embeds = ReadonlyMap<SelectEmbed, Relationship>

/** The state of writing one select tree: parameters so far, aliases handed out, embedded paths and lateral names seen. */
export type Walk = {
  embeds: Embeds; filters: Filter[]; transforms: EmbeddedTransform[]; maxRows?: number; params: unknown[]; paths: Set<string>
  laterals: Set<string>
}

/** Writes a select list (sql.ts `selectList`): the items over `alias`, a row of `table`; `!inner` conditions go to `inner`. */
export type ListWriter = (items: SelectItem[], table: RestTable, alias: string, path: string[], walk: Walk, inner: string[], group?: string[]) => string

export const startWalk = (query: RestQuery, embeds: Embeds, params: unknown[]): Walk =>
  ({ embeds, filters: query.filters, transforms: query.embedded, maxRows: query.maxRows, params, paths: new Set(), laterals: new Set() })

/** Filters, order or paging on embedded resources the select does not name: PGRST108, as PostgREST. */
export function checkPaths(walk: Walk): void {
  const stray = [...walk.filters, ...walk.transforms].find((f) => f.path.length > 0 && !walk.paths.has(f.path.join('.')))
  if (stray) throw new RestError(400, 'PGRST108', `'${stray.path.join('.')}' is not an embedded resource in this request`)
}

export const qualified = (table: { schema: string; name: string }) => quoteQualified(table.schema, table.name)

export function context(table: RestTable, params: readonly unknown[]): SqlContext {
  return { alias: table.name, columnType: (column) => table.columns.get(column), params }
}

/** The name PostgREST gives an item in the object it builds (an aggregate's is its function's). */
export function labelOf(item: SelectItem): string {
  if (item.type === 'embed') return item.alias ?? item.relation
  const last = item.jsonPath[item.jsonPath.length - 1]
  return item.alias ?? item.aggregate ?? (last ? String(last.key) : item.name)
}

/** The names a spread's items take in its parent (a nested spread's own items in its place). */
function spreadLabels(items: SelectItem[], walk: Walk): string[] {
  return items.flatMap((sub) => {
    const rel = sub.type === 'embed' && sub.spread ? walk.embeds.get(sub) : undefined
    return sub.type === 'embed' && sub.spread ? spreadLabels(rel ? starColumns(sub.select, rel.table) : sub.select, walk) : [labelOf(sub)]
  })
}

/** `*` in a spread as the table's columns, each lifted into the parent on its own. */
const starColumns = (items: SelectItem[], table: RestTable) => items.flatMap((sub): SelectItem[] =>
  sub.type === 'column' && sub.name === '*' && !sub.aggregate ? [...table.columns.keys()].map((name) => ({ ...sub, name })) : [sub])

/**
 * ` order by … limit … offset …` of the embedded rows at `path` (`rel.order=`, `rel.limit=`,
 * `rel.offset=`); the rows of a one-to-many are capped at the query's `maxRows` too.
 */
function transformSql(walk: Walk, path: string[], table: RestTable, alias: string, many: boolean): string {
  const t = walk.transforms.find((e) => e.path.join('.') === path.join('.'))
  const limit = many && walk.maxRows !== undefined ? Math.min(t?.limit ?? walk.maxRows, walk.maxRows) : t?.limit
  if (!t && limit === undefined) return ''
  const order = orderToSql(t?.order ?? [], { ...context(table, walk.params), alias })
  const range = rangeToSql({ offset: t?.offset ?? 0, limit }, { params: order.params })
  walk.params = range.params
  return `${order.sql ? ` order by ${order.sql}` : ''} ${range.sql}`
}

/**
 * PostgREST joins each embed laterally as `{parent}_{alias or relation}_{depth}`: two embeds of one
 * parent under the same name are Postgres's 42712, which it answers as is.
 */
function claimLateral(walk: Walk, parent: RestTable, parentAlias: string, label: string, depth: number): void {
  const name = `${parent.name}_${label}_${depth}`
  const key = `${parentAlias}\u0000${name}`
  if (walk.laterals.has(key)) throw new RestError(400, '42712', `table name "${name}" specified more than once`)
  walk.laterals.add(key)
}

/** `from … where …` of the embedded rows of one parent row: joined through the foreign key, or through the junction table. */
function source(rel: Relationship, alias: string, parentAlias: string): { from: string; join: string[] } {
  const parent = (column: string) => `${quoteIdent(parentAlias)}.${quoteIdent(column)}`
  const own = (column: string) => `${quoteIdent(alias)}.${quoteIdent(column)}`
  const table = `${qualified(rel.table)} as ${quoteIdent(alias)}`
  if (!rel.junction) return { from: table, join: rel.on.map(([p, e]) => `${own(e)} = ${parent(p)}`) }
  const j = `${alias}_j`
  const via = (column: string) => `${quoteIdent(j)}.${quoteIdent(column)}`
  const on = rel.junction.target.map(([e, jc]) => `${via(jc)} = ${own(e)}`).join(' and ')
  return { from: `${table} join ${qualified(rel.junction.table)} as ${quoteIdent(j)} on ${on}`, join: rel.junction.source.map(([p, jc]) => `${via(jc)} = ${parent(p)}`) }
}

/**
 * An embedded resource as a correlated subquery (none for `rel()`); jsonb in a list that
 * aggregates (`grouped`), to group by. With `!inner` the parent keeps only rows that have one:
 * `exists (...)` goes to `inner`. A spread (`...rel(cols)`) lifts the columns into the parent,
 * each its own subquery: a to-one's values (an aggregate of them over the parent's rows, as
 * PostgREST hoists it: `count()` there counts the related rows), a to-many's arrays of them
 * (PostgREST 13). Its alias is PostgREST's (`messages_1`: the table and its depth), which
 * Postgres's errors name.
 */
export function embedSql(item: SelectEmbed, parent: RestTable, parentAlias: string, path: string[], walk: Walk, inner: string[], list: ListWriter, grouped = false): ListPart[] {
  const rel = walk.embeds.get(item)
  if (!rel) throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item.relation}' in the schema cache`)
  const label = labelOf(item)
  claimLateral(walk, parent, parentAlias, label, path.length + 1)
  const alias = `${rel.table.name}_${path.length + 1}`
  const here = [...path, label]
  walk.paths.add(here.join('.'))
  const { from: table, join } = source(rel, alias, parentAlias)
  const where = filtersToSql(filtersAt(walk.filters, here), { ...context(rel.table, walk.params), alias })
  walk.params = where.params
  const from = (columns: string, ownInner: string[]) => `select ${columns} from ${table} where ${[...join, where.sql, ...ownInner].join(' and ')}`
  if (item.select.length === 0) {
    if (item.inner) inner.push(`exists (${from('1', [])})`)
    return []
  }
  if (item.spread && rel.many) {
    checkToManySpread(item.select)
    const ownInner: string[] = []
    const rows = from(list(item.select, rel.table, alias, here, walk, ownInner), ownInner)
    if (item.inner) inner.push(`exists (${rows})`)
    const shaped = `${rows}${transformSql(walk, here, rel.table, alias, true)}`
    return spreadLabels(starColumns(item.select, rel.table), walk).map((name) => ({ sql: toManySpreadColumn(shaped, name, grouped), aggregate: false, label: name }))
  }
  if (item.spread) {
    const ownInner: string[] = []
    const columns = starColumns(item.select, rel.table).flatMap((sub): ListPart[] => {
      const label = labelOf(sub)
      if (sub.type === 'embed' && sub.spread) {
        // A spread in this spread: each of its columns read through this relation's row.
        return embedSql(sub, rel.table, alias, here, walk, ownInner, list).map((part) => ({ sql: `(${from(part.sql, ownInner)}) as ${quoteIdent(part.label!)}`, aggregate: false, label: part.label }))
      }
      if (sub.type === 'embed' || !sub.aggregate) return [{ sql: `(${from(list([sub], rel.table, alias, here, walk, ownInner), ownInner)}) as ${quoteIdent(label)}`, aggregate: false, label }]
      const value = sub.name === '*' ? '1' : list([unaggregated(sub)], rel.table, alias, here, walk, ownInner)
      return [{ sql: `${aggregateSql(sub, `(${from(value, ownInner)})`)} as ${quoteIdent(label)}`, aggregate: true, label }]
    })
    if (item.inner) inner.push(`exists (${from('1', [])})`)
    return columns
  }
  const ownInner: string[] = []
  const group: string[] = []
  const rows = `${from(list(item.select, rel.table, alias, here, walk, ownInner, group), ownInner)}${group.join('')}`
  if (item.inner) inner.push(`exists (${rows})`)
  const shaped = `${rows}${transformSql(walk, here, rel.table, alias, rel.many)}`
  const value = rel.many
    ? `coalesce((select pg_catalog.json_agg(_j) from (${shaped}) as _j), '[]')`
    : `(select pg_catalog.row_to_json(_j) from (${shaped}) as _j)`
  return [{ sql: `${value}${grouped ? '::pg_catalog.jsonb' : ''} as ${quoteIdent(label)}`, aggregate: false, label }]
}
