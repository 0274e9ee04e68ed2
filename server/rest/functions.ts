/**
 * `rpc/{function}`: calling a function of an exposed schema of the project with named arguments, as
 * supabase-js's `.rpc(name, args)` does (POST with a JSON object; GET with query parameters).
 * The overload is the one whose input arguments are exactly the names given (PGRST202 otherwise);
 * a function returning rows (a table, a set, a composite) answers them as JSON rows, which the
 * request's filters, order and range then apply to; one returning a value answers that value.
 * With `Accept: text/csv` either is answered as CSV (bodies.ts).
 */
import { arrayLiteral, filtersAt, filtersToSql, orderToSql, rangeToSql, RestError, type RestQuery } from '@/lib/rest'
import { isValidTypeName, quoteIdent } from '@/lib/sql/identifiers'
import type { RequestSession } from '../projects/request-role'
import { asCsv } from './bodies'
import { lookupTable, resolveEmbeds } from './catalogue'
import { plainSelectList, readStatement, type Statement } from './sql'

export type RestFunction = {
  schema: string
  name: string
  /** Input argument name → type (`integer`, `text[]`). */
  args: Map<string, string>
  /** Rows (a set or a composite), or one scalar value. */
  rows: boolean
  set: boolean
  /** The table (or view) whose row type the function returns, if any: its rows may embed through its foreign keys. */
  table: { schema: string; name: string } | null
  /** It returns `void`: answered 204 without a body, as PostgREST does. */
  void: boolean
}

const FUNCTIONS_SQL = `select pg_catalog.array_to_json(coalesce(p.proargnames, '{}'))::pg_catalog.text as names,
       pg_catalog.array_to_json(coalesce(p.proargmodes, '{}'))::pg_catalog.text as modes,
       pg_catalog.array_to_json(array(select t::pg_catalog.regtype::pg_catalog.text from pg_catalog.unnest(p.proargtypes::pg_catalog.oid[]) as t))::pg_catalog.text as types,
       p.proretset as set, (t.typtype = 'c' or p.prorettype = 'pg_catalog.record'::pg_catalog.regtype) as composite,
       p.pronargdefaults as defaults, p.prorettype = 'pg_catalog.void'::pg_catalog.regtype as void,
       rn.nspname::pg_catalog.text as rel_schema, r.relname::pg_catalog.text as rel_name
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type t on t.oid = p.prorettype
  left join pg_catalog.pg_class r on r.oid = t.typrelid and r.relkind in ('r', 'p', 'v', 'm', 'f')
  left join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
 where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`

const truthy = (v: unknown) => v === true || v === 't'

/**
 * The arguments of a GET call among the query's parameter names: those of the overload that takes
 * the most of them and needs no other (an argument with a default may be left out; the rest of the
 * parameters are filters on its rows, as PostgREST reads them). When none fits, every key is taken
 * for an argument, so that lookupFunction answers PGRST202 naming them.
 */
export async function argumentsAmong(session: RequestSession, schema: string, name: string, keys: string[]): Promise<string[]> {
  const { rows } = await session.query(FUNCTIONS_SQL, [schema, name])
  const fitting = rows
    .filter((row) => requiredNames(row).every((input) => keys.includes(input)))
    .map((row) => inputNames(row).filter((input) => keys.includes(input)))
    .sort((a, b) => b.length - a.length)
  return fitting[0] ?? keys
}

/** The input arguments without a default (the defaults are the last `pronargdefaults` inputs). */
function requiredNames(row: Record<string, unknown>): string[] {
  const inputs = inputNames(row)
  return inputs.slice(0, inputs.length - Number(row.defaults ?? 0))
}

function inputNames(row: Record<string, unknown>): string[] {
  const names = JSON.parse(String(row.names)) as string[]
  const modes = JSON.parse(String(row.modes)) as string[]
  const types = JSON.parse(String(row.types)) as string[]
  return modes.length === 0 ? names.slice(0, types.length) : names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i]))
}

/**
 * The overload of `schema.name` taking `argNames` (each an input, every input without a default
 * among them); PGRST202 (404) when none does.
 */
export async function lookupFunction(session: RequestSession, schema: string, name: string, argNames: string[]): Promise<RestFunction> {
  const { rows } = await session.query(FUNCTIONS_SQL, [schema, name])
  for (const row of rows) {
    const types = JSON.parse(String(row.types)) as string[]
    const inputs = inputNames(row)
    if (inputs.length !== types.length || !argNames.every((arg) => inputs.includes(arg))) continue
    if (!requiredNames(row).every((input) => argNames.includes(input))) continue
    const composite = truthy(row.composite)
    const table = typeof row.rel_name === 'string' ? { schema: String(row.rel_schema), name: row.rel_name } : null
    const args = new Map(inputs.map((n, i): [string, string] => [n, types[i]]).filter(([n]) => argNames.includes(n)))
    return { schema, name, args, rows: composite, set: truthy(row.set), table, void: truthy(row.void) }
  }
  throw new RestError(404, 'PGRST202', `Could not find the function ${schema}.${name}(${argNames.join(', ')}) in the schema cache`,
    `Searched for the function ${schema}.${name} with parameters ${argNames.join(', ') || 'none'}`)
}

/** The call, every argument a parameter cast to its type, named (`"a" => $1::integer`), its parameters first in `params`. */
export function callSql(fn: RestFunction, args: Record<string, unknown>, params: unknown[]): string {
  // Only the arguments given: the others take their defaults (lookupFunction checked that they have one).
  const named = [...fn.args].map(([arg, type]) => {
    if (!isValidTypeName(type)) throw new Error(`Not a type name: ${type}`)
    const value = args[arg]
    const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
    const param = value === null || value === undefined ? null : Array.isArray(value) && !type.includes('json') ? arrayLiteral(value.map(text)) : text(value)
    return `${quoteIdent(arg)} => $${params.push(param)}::${type}`
  })
  return `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${named.join(', ')})`
}

/**
 * The call's value, or its rows filtered, ordered and paged as the query asks (no embedding: see
 * handler.ts); with `withTotal` the rows the filters keep are counted too (a value counts as one).
 * The call runs once (`_c`), even when its rows are both read and counted.
 */
export function callStatement(fn: RestFunction, args: Record<string, unknown>, query: RestQuery, withTotal = false): Statement {
  const params: unknown[] = []
  const call = callSql(fn, args, params)
  if (!fn.rows && !fn.set) {
    const one = withTotal ? '1' : 'null'
    if (query.shape === 'csv') return { sql: asCsv(`select ${call} as ${quoteIdent(fn.name)}`, one), params }
    return { sql: `select pg_catalog.to_json(${call})::pg_catalog.text as body, 1 as n, ${one}::pg_catalog.int8 as total`, params }
  }
  const alias = fn.name
  const list = fn.rows ? plainSelectList(query, alias, params) : { sql: quoteIdent(alias), params }
  const where = filtersToSql(filtersAt(query.filters, []), { alias, params: list.params })
  const order = orderToSql(query.order, { alias, params: where.params })
  const range = rangeToSql(query.range, { params: order.params })
  const source = fn.rows ? `${call} as ${quoteIdent(alias)}` : `${call} as ${quoteIdent(alias)}(${quoteIdent(alias)})`
  const groupBy = 'groupBy' in list ? list.groupBy : ''
  const from = `from _c as ${quoteIdent(alias)} where ${where.sql}`
  const inner = `select ${list.sql} ${from}${groupBy}${order.sql ? ` order by ${order.sql}` : ''} ${range.sql}`
  const total = withTotal ? `(select pg_catalog.count(*) ${from})` : 'null'
  const cte = `with _c as (select * from ${source}) `
  if (query.shape === 'csv') return { sql: cte + asCsv(inner, total), params: range.params }
  const agg = fn.rows ? 'pg_catalog.json_agg(_r)' : `pg_catalog.json_agg(_r.${quoteIdent(alias)})`
  const body = fn.set ? `coalesce(${agg}, '[]')` : `(${agg}) -> 0`
  const sql = `${cte}select (${body})::pg_catalog.text as body, pg_catalog.count(*)::pg_catalog.int8 as n, ${total}::pg_catalog.int8 as total from (${inner}) as _r`
  return { sql, params: range.params }
}

/** A set of a table's rows that embeds (`select=*,rel(*)`) is read as that table's rows, from the call. */
export async function rpcStatement(session: RequestSession, fn: RestFunction, payload: Record<string, unknown>, query: RestQuery, withTotal = false): Promise<Statement> {
  const embed = query.select.find((item) => item.type === 'embed')
  if (!embed) return callStatement(fn, payload, query, withTotal)
  if (!fn.set || !fn.table) {
    const message = `Could not find a relationship between '${fn.name}' and '${embed.relation}' in the schema cache`
    throw new RestError(400, 'PGRST200', message, null, 'Only a function returning a set of rows of a table or view may embed')
  }
  const table = await lookupTable(session, fn.table.schema, fn.table.name)
  const params: unknown[] = []
  const from = callSql(fn, payload, params)
  return readStatement(table, query, withTotal, await resolveEmbeds(session, table, query.select), { from, params })
}
