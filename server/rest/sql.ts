/**
 * The statements of the project REST API: a parsed request (lib/rest) over one table of the
 * catalogue (catalogue.ts) as one parameterised SQL statement. Every value is a parameter and
 * every name is quoted; rows come back as one JSON or CSV text Postgres builds (bodies.ts: `body`), with the
 * number of rows (`n`) and, when counted, the rows the filters match (`total`).
 */
import {
  fieldToSql, filtersAt, filtersToSql, orderToSql, rangeToSql, RestError,
  type EmbeddedTransform, type Filter, type RestQuery, type SelectEmbed, type SelectItem, type SqlContext,
} from '@/lib/rest'
import { quoteIdent } from '@/lib/sql/identifiers'
import { aggregateSql, aggregatesHere, checkToManySpread, expandStars, groupBySql, toManySpreadColumn, unaggregated, type ListPart } from './aggregate-sql'
import { asBody } from './bodies'
import type { Relationship, RestTable } from './catalogue'

export type Statement = { sql: string; params: unknown[] }

/** What a request asks for that this server does not do yet: PGRST100-like 400. */
export const notSupportedYet = (what: string) => new RestError(400, 'PGRST100', `${what} is not supported yet`)

const qualified = (table: RestTable) => `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`

function context(table: RestTable, params: readonly unknown[]): SqlContext {
  return { alias: table.name, columnType: (column) => table.columns.get(column), params }
}

/** The embedded resources of a request's select tree, resolved (catalogue.ts `resolveEmbeds`). */
export type Embeds = ReadonlyMap<SelectEmbed, Relationship>

/** The state of writing one select tree: parameters so far, aliases handed out, embedded paths seen. */
type Walk = { embeds: Embeds; filters: Filter[]; transforms: EmbeddedTransform[]; maxRows?: number; params: unknown[]; paths: Set<string> }

const startWalk = (query: RestQuery, embeds: Embeds, params: unknown[]): Walk =>
  ({ embeds, filters: query.filters, transforms: query.embedded, maxRows: query.maxRows, params, paths: new Set() })

/** Filters, order or paging on embedded resources the select does not name: PGRST108, as PostgREST. */
function checkPaths(walk: Walk): void {
  const stray = [...walk.filters, ...walk.transforms].find((f) => f.path.length > 0 && !walk.paths.has(f.path.join('.')))
  if (stray) throw new RestError(400, 'PGRST108', `'${stray.path.join('.')}' is not an embedded resource in this request`)
}

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
 * `"t".*`, `"t"."col"`, `alias:"t"."data"->$1::text`, `col::text`, `rel(...)`, `col.sum()`: the
 * select list, named as PostgREST names it. When it aggregates, its ` group by …` goes to `group`.
 */
function selectList(items: SelectItem[], table: RestTable, alias: string, path: string[], walk: Walk, inner: string[] = [], group: string[] = []): string {
  const grouped = aggregatesHere(items)
  const parts = expandStars(items, [...table.columns.keys()]).flatMap((item): ListPart[] => {
    if (item.type === 'embed') return embedSql(item, alias, path, walk, inner, grouped)
    if (item.name === '*' && !item.aggregate) return [{ sql: `${quoteIdent(alias)}.*`, aggregate: false }]
    const field = fieldToSql({ name: item.name, jsonPath: item.jsonPath }, { alias, params: walk.params })
    walk.params = field.params
    // The parser lets only [A-Za-z0-9_] through as a cast; `int` must stay unquoted to mean int4.
    const value = `${field.sql}${item.cast ? `::${item.cast}` : ''}`
    const sql = item.aggregate ? aggregateSql(item, item.name === '*' ? '*' : value) : value
    return [{ sql: `${sql} as ${quoteIdent(labelOf(item))}`, aggregate: item.aggregate !== undefined }]
  })
  group.push(groupBySql(parts))
  return parts.map((part) => part.sql).join(', ')
}

/** The name PostgREST gives an item in the object it builds (an aggregate's is its function's). */
function labelOf(item: SelectItem): string {
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
 * An embedded resource as a correlated subquery: a JSON array (one-to-many) or an object or null
 * (many-to-one), ordered and paged by its `rel.order` / `rel.limit` / `rel.offset`; jsonb in a list
 * that aggregates (`grouped`), to group by. With `!inner` the parent keeps only rows that have one:
 * `exists (...)` goes to `inner`. A spread (`...rel(cols)`) lifts the columns into the parent, each
 * its own subquery: a to-one's values (an aggregate of them over the parent's rows, as PostgREST
 * hoists it: `count()` there counts the related rows), a to-many's arrays of them (PostgREST 13).
 * Its alias is PostgREST's (`messages_1`: the table and its depth), which Postgres's errors name.
 */
function embedSql(item: SelectEmbed, parentAlias: string, path: string[], walk: Walk, inner: string[], grouped = false): ListPart[] {
  const rel = walk.embeds.get(item)
  if (!rel) throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item.relation}' in the schema cache`)
  const alias = `${rel.table.name}_${path.length + 1}`
  const label = labelOf(item)
  const here = [...path, label]
  walk.paths.add(here.join('.'))
  const join = rel.on.map(([parent, own]) => `${quoteIdent(alias)}.${quoteIdent(own)} = ${quoteIdent(parentAlias)}.${quoteIdent(parent)}`)
  const where = filtersToSql(filtersAt(walk.filters, here), { ...context(rel.table, walk.params), alias })
  walk.params = where.params
  const from = (list: string, ownInner: string[]) =>
    `select ${list} from ${qualified(rel.table)} as ${quoteIdent(alias)} where ${[...join, where.sql, ...ownInner].join(' and ')}`
  if (item.spread && rel.many) {
    checkToManySpread(item.select)
    const ownInner: string[] = []
    const rows = from(selectList(item.select, rel.table, alias, here, walk, ownInner), ownInner)
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
        return embedSql(sub, alias, here, walk, ownInner).map((part) => ({ sql: `(${from(part.sql, ownInner)}) as ${quoteIdent(part.label!)}`, aggregate: false, label: part.label }))
      }
      if (sub.type === 'embed' || !sub.aggregate) return [{ sql: `(${from(selectList([sub], rel.table, alias, here, walk, ownInner), ownInner)}) as ${quoteIdent(label)}`, aggregate: false, label }]
      const value = sub.name === '*' ? '1' : selectList([unaggregated(sub)], rel.table, alias, here, walk, ownInner)
      return [{ sql: `${aggregateSql(sub, `(${from(value, ownInner)})`)} as ${quoteIdent(label)}`, aggregate: true, label }]
    })
    if (item.inner) inner.push(`exists (${from('1', [])})`)
    return columns
  }
  const ownInner: string[] = []
  const group: string[] = []
  const rows = `${from(selectList(item.select, rel.table, alias, here, walk, ownInner, group), ownInner)}${group.join('')}`
  if (item.inner) inner.push(`exists (${rows})`)
  const shaped = `${rows}${transformSql(walk, here, rel.table, alias, rel.many)}`
  const value = rel.many
    ? `coalesce((select pg_catalog.json_agg(_j) from (${shaped}) as _j), '[]')`
    : `(select pg_catalog.row_to_json(_j) from (${shaped}) as _j)`
  return [{ sql: `${value}${grouped ? '::pg_catalog.jsonb' : ''} as ${quoteIdent(label)}`, aggregate: false, label }]
}

/** The select list over the rows `alias` names (a function's), without embedding. */
export function plainSelectList(query: RestQuery, alias: string, params: unknown[]): { sql: string; params: unknown[]; groupBy: string } {
  const walk = startWalk(query, new Map(), params)
  const group: string[] = []
  const sql = selectList(query.select, { schema: '', name: alias, columns: new Map(), primaryKey: [] }, alias, [], walk, [], group)
  checkPaths(walk)
  return { sql, params: walk.params, groupBy: group.join('') }
}

/**
 * The rows a GET asks for, with their embedded resources, and their total when `count` is asked.
 * `source`: rows of the table's type from elsewhere (a function's call, whose parameters come first).
 */
export function readStatement(table: RestTable, query: RestQuery, withTotal: boolean, embeds: Embeds = new Map(), source?: { from: string; params: unknown[] }): Statement {
  const walk = startWalk(query, embeds, [...(source?.params ?? [])])
  const innerJoins: string[] = []
  const group: string[] = []
  const list = selectList(query.select, table, table.name, [], walk, innerJoins, group)
  checkPaths(walk)
  const where = filtersToSql(filtersAt(query.filters, []), context(table, walk.params))
  const order = orderToSql(query.order, context(table, where.params))
  const range = rangeToSql(query.range, { params: order.params })
  const from = `from ${source?.from ?? qualified(table)} as ${quoteIdent(table.name)} where ${[where.sql, ...innerJoins].join(' and ')}`
  const groupBy = group.join('')
  const inner = `select ${list} ${from}${groupBy}${order.sql ? ` order by ${order.sql}` : ''} ${range.sql}`
  // Grouped, the total is the number of groups.
  const total = groupBy ? `(select pg_catalog.count(*) from (select ${list} ${from}${groupBy}) as _g)` : `(select pg_catalog.count(*) ${from})`
  return { sql: asBody(query.shape, inner, withTotal ? total : 'null'), params: range.params }
}

/** A column of this table, or PGRST204 (400) as PostgREST says it. */
function checkColumn(table: RestTable, column: string): string {
  if (!table.columns.has(column)) {
    throw new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`)
  }
  return quoteIdent(column)
}

/** `(json_populate_record(null::t, $k)).col`: a value of the JSON object `$k`, typed as the column. */
const cell = (table: RestTable, param: string, column: string) =>
  `(pg_catalog.json_populate_record(null::${qualified(table)}, ${param}::pg_catalog.json)).${quoteIdent(column)}`

/**
 * Wraps a write: its rows (`select` applied, with their embedded resources, which `rel.col=`
 * filters and `rel.order=` / `rel.limit=` shape as in a read) as JSON for `return=representation`, else their
 * number. It is counted through `returning 1`, which reads no column, so no SELECT right or policy
 * applies (an insert-only policy still lets anon write), rather than from the command's tag, which
 * a statement with parameters loses in the jail (always 0).
 */
function returning(table: RestTable, write: Statement, query: RestQuery, represent: boolean, embeds: Embeds): Statement {
  if (!represent) {
    checkPaths(startWalk(query, embeds, [])) // no representation, so nothing embedded: a filter of one is a mistake
    return { sql: `with _w as (${write.sql} returning 1) select '[]' as body, pg_catalog.count(*)::int as n from _w`, params: write.params }
  }
  const walk = startWalk(query, embeds, write.params)
  const group: string[] = []
  const list = selectList(query.select, table, table.name, [], walk, [], group)
  checkPaths(walk)
  const sql = `with _w as (${write.sql} returning ${quoteIdent(table.name)}.*) ${asBody(query.shape, `select ${list} from _w as ${quoteIdent(table.name)}${group.join('')}`)}`
  return { sql, params: walk.params }
}

/**
 * INSERT of one or more objects: the columns are `columns=` or every key any object has; a key an
 * object lacks is NULL, or the column's default with `Prefer: missing=default`. With
 * `Prefer: resolution=...` an upsert on `on_conflict` (else the primary key).
 */
export function insertStatement(table: RestTable, query: RestQuery, rows: Record<string, unknown>[], represent: boolean, embeds: Embeds = new Map()): Statement {
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const names = columns.map((column) => checkColumn(table, column))
  const params: unknown[] = []
  const missing = query.prefer.missing === 'default' ? 'default' : 'null'
  const values = columns.length === 0 ? [] : rows.map((row) => {
    const param = `$${params.push(JSON.stringify(row))}`
    return `(${columns.map((column) => (column in row ? cell(table, param, column) : missing)).join(', ')})`
  })
  const target = `insert into ${qualified(table)} as ${quoteIdent(table.name)}`
  let sql: string
  if (columns.length > 0) sql = `${target} (${names.join(', ')}) values ${values.join(', ')}`
  else if (rows.length === 1) sql = `${target} default values`
  // Objects without keys: rows of defaults (a query of no columns leaves every column to its default).
  else sql = `${target} select from pg_catalog.generate_series(1, $${params.push(String(rows.length))}::pg_catalog.int4)`
  if (query.prefer.resolution) sql += onConflict(table, query, columns)
  return returning(table, { sql, params }, query, represent, embeds)
}

function onConflict(table: RestTable, query: RestQuery, columns: string[]): string {
  const keys = query.onConflict ?? table.primaryKey
  if (keys.length === 0) {
    throw new RestError(400, 'PGRST100', `An upsert on '${table.name}' needs on_conflict: the table has no primary key`)
  }
  const target = ` on conflict (${keys.map((key) => checkColumn(table, key)).join(', ')})`
  const set = columns.filter((column) => !keys.includes(column))
  if (query.prefer.resolution === 'ignore-duplicates' || set.length === 0) return `${target} do nothing`
  return `${target} do update set ${set.map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`).join(', ')}`
}

/** UPDATE of the rows the filters match with the object's keys; null when it has none. */
export function updateStatement(table: RestTable, query: RestQuery, patch: Record<string, unknown>, represent: boolean, embeds: Embeds = new Map()): Statement | null {
  const columns = Object.keys(patch)
  if (columns.length === 0) return null
  const set = columns.map((column) => `${checkColumn(table, column)} = ${cell(table, '$1', column)}`)
  const where = filtersToSql(filtersAt(query.filters, []), context(table, [JSON.stringify(patch)]))
  const sql = `update ${qualified(table)} as ${quoteIdent(table.name)} set ${set.join(', ')} where ${where.sql}`
  return returning(table, { sql, params: where.params }, query, represent, embeds)
}

/** DELETE of the rows the filters match. */
export function deleteStatement(table: RestTable, query: RestQuery, represent: boolean, embeds: Embeds = new Map()): Statement {
  const where = filtersToSql(filtersAt(query.filters, []), context(table, []))
  const sql = `delete from ${qualified(table)} as ${quoteIdent(table.name)} where ${where.sql}`
  return returning(table, { sql, params: where.params }, query, represent, embeds)
}
