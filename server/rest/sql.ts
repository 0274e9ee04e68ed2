/**
 * The statements of the project REST API: a parsed request (lib/rest) over one table of the
 * catalogue (catalogue.ts) as one parameterised SQL statement. Every value is a parameter and
 * every name is quoted; rows come back as one JSON or CSV text Postgres builds (bodies.ts: `body`), with the
 * number of rows (`n`) and, when counted, the rows the filters match (`total`).
 */
import { fieldToSql, filtersAt, filtersToSql, orderToSql, rangeToSql, RestError, type RestQuery, type SelectItem } from '@/lib/rest'
import { quoteIdent } from '@/lib/sql/identifiers'
import { aggregateSql, aggregatesHere, expandStars, groupBySql, type ListPart } from './aggregate-sql'
import { asBody } from './bodies'
import { defaultsObject } from './defaults'
import { COUNT_UPDATED } from './upsert-count'
import type { RestTable } from './catalogue'
import { checkPaths, context, embedSql, labelOf, qualified, startWalk, type Embeds, type Walk } from './embed-sql'

export type { Embeds } from './embed-sql'

export type Statement = { sql: string; params: unknown[] }

/** What a request asks for that this server does not do yet: PGRST100-like 400. */
export const notSupportedYet = (what: string) => new RestError(400, 'PGRST100', `${what} is not supported yet`)

/**
 * `"t".*`, `"t"."col"`, `alias:"t"."data"->$1::text`, `col::text`, `rel(...)`, `col.sum()`: the
 * select list, named as PostgREST names it. When it aggregates, its ` group by …` goes to `group`.
 */
function selectList(items: SelectItem[], table: RestTable, alias: string, path: string[], walk: Walk, inner: string[] = [], group: string[] = []): string {
  const grouped = aggregatesHere(items)
  const parts = expandStars(items, [...table.columns.keys()]).flatMap((item): ListPart[] => {
    // `rel()` adds nothing
    if (item.type === 'embed') return embedSql(item, table, alias, path, walk, inner, selectList, grouped)
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
 * object lacks is NULL, or with `Prefer: missing=default` its column's default (`defaults`,
 * defaults.ts: every default is evaluated for each row, as PostgREST does). With
 * `Prefer: resolution=...` an upsert on `on_conflict` (else the primary key).
 */
export function insertStatement(table: RestTable, query: RestQuery, rows: Record<string, unknown>[], represent: boolean, embeds: Embeds = new Map(), defaults?: ReadonlyMap<string, string>): Statement {
  const columns = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  const names = columns.map((column) => checkColumn(table, column))
  const params: unknown[] = []
  const target = `insert into ${qualified(table)} as ${quoteIdent(table.name)}`
  let sql: string
  if (columns.length > 0 && defaults) {
    const base = defaultsObject(defaults, columns)
    const values = rows.map((row) => `((${base} || $${params.push(JSON.stringify(row))}::pg_catalog.jsonb)::pg_catalog.json)`)
    const from = `(values ${values.join(', ')}) as _v(j) cross join lateral pg_catalog.json_populate_record(null::${qualified(table)}, _v.j) as _r`
    sql = `${target} (${names.join(', ')}) select ${columns.map((column) => `_r.${quoteIdent(column)}`).join(', ')} from ${from}`
  } else if (columns.length > 0) {
    const values = rows.map((row) => {
      const param = `$${params.push(JSON.stringify(row))}`
      return `(${columns.map((column) => (column in row ? cell(table, param, column) : 'null')).join(', ')})`
    })
    sql = `${target} (${names.join(', ')}) values ${values.join(', ')}`
  } else if (rows.length === 1) sql = `${target} default values`
  // Objects without keys: rows of defaults (a query of no columns leaves every column to its default).
  else sql = `${target} select from pg_catalog.generate_series(1, $${params.push(String(rows.length))}::pg_catalog.int4)`
  if (query.prefer.resolution) sql += onConflict(table, query, columns)
  return returning(table, { sql, params }, query, represent, embeds)
}

/** `on conflict`: every column given is set from the row proposed (the key's too, so the row is returned), as PostgREST. */
function onConflict(table: RestTable, query: RestQuery, columns: string[]): string {
  const keys = query.onConflict ?? table.primaryKey
  if (keys.length === 0) {
    throw new RestError(400, 'PGRST100', `An upsert on '${table.name}' needs on_conflict: the table has no primary key`)
  }
  const target = ` on conflict (${keys.map((key) => checkColumn(table, key)).join(', ')})`
  if (query.prefer.resolution === 'ignore-duplicates' || columns.length === 0) return `${target} do nothing`
  return `${target} do update set ${columns.map((column) => `${quoteIdent(column)} = excluded.${quoteIdent(column)}`).join(', ')} where ${COUNT_UPDATED}`
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
