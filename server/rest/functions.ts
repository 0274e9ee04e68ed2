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
}

const FUNCTIONS_SQL = `select pg_catalog.array_to_json(coalesce(p.proargnames, '{}'))::pg_catalog.text as names,
       pg_catalog.array_to_json(coalesce(p.proargmodes, '{}'))::pg_catalog.text as modes,
       pg_catalog.array_to_json(array(select t::pg_catalog.regtype::pg_catalog.text from pg_catalog.unnest(p.proargtypes::pg_catalog.oid[]) as t))::pg_catalog.text as types,
       p.proretset as set, (t.typtype = 'c' or p.prorettype = 'pg_catalog.record'::pg_catalog.regtype) as composite,
       rn.nspname::pg_catalog.text as rel_schema, r.relname::pg_catalog.text as rel_name
  from pg_catalog.pg_proc p
  join pg_catalog.pg_namespace n on n.oid = p.pronamespace
  join pg_catalog.pg_type t on t.oid = p.prorettype
  left join pg_catalog.pg_class r on r.oid = t.typrelid and r.relkind in ('r', 'p', 'v', 'm', 'f')
  left join pg_catalog.pg_namespace rn on rn.oid = r.relnamespace
 where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`

const truthy = (v: unknown) => v === true || v === 't'

/**
 * The arguments of a GET call among the query's parameter names: the input names of the overload
 * that takes the most of them and needs no other (the rest of the parameters are filters on its
 * rows, as PostgREST reads them). When none fits, every key is taken for an argument, so that
 * lookupFunction answers PGRST202 naming them.
 */
export async function argumentsAmong(session: RequestSession, schema: string, name: string, keys: string[]): Promise<string[]> {
  const { rows } = await session.query(FUNCTIONS_SQL, [schema, name])
  const fitting = rows
    .map((row) => inputNames(row))
    .filter((inputs) => inputs.every((input) => keys.includes(input)))
    .sort((a, b) => b.length - a.length)
  return fitting[0] ?? keys
}

function inputNames(row: Record<string, unknown>): string[] {
  const names = JSON.parse(String(row.names)) as string[]
  const modes = JSON.parse(String(row.modes)) as string[]
  const types = JSON.parse(String(row.types)) as string[]
  return modes.length === 0 ? names.slice(0, types.length) : names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i]))
}

/** The overload of `schema.name` taking exactly `argNames`; PGRST202 (404) when none does. */
export async function lookupFunction(session: RequestSession, schema: string, name: string, argNames: string[]): Promise<RestFunction> {
  const { rows } = await session.query(FUNCTIONS_SQL, [schema, name])
  const wanted = [...argNames].sort().join(',')
  for (const row of rows) {
    const types = JSON.parse(String(row.types)) as string[]
    const inputs = inputNames(row)
    if ([...inputs].sort().join(',') !== wanted || inputs.length !== types.length) continue
    const composite = truthy(row.composite)
    const table = typeof row.rel_name === 'string' ? { schema: String(row.rel_schema), name: row.rel_name } : null
    return { schema, name, args: new Map(inputs.map((n, i) => [n, types[i]])), rows: composite, set: truthy(row.set), table }
  }
  throw new RestError(404, 'PGRST202', `Could not find the function ${schema}.${name}(${argNames.join(', ')}) in the schema cache`,
    `Searched for the function ${schema}.${name} with parameters ${argNames.join(', ') || 'none'}`)
}

/** The call, every argument a parameter cast to its type, named (`"a" => $1::integer`), its parameters first in `params`. */
export function callSql(fn: RestFunction, args: Record<string, unknown>, params: unknown[]): string {
  const named = [...fn.args].map(([arg, type]) => {
    if (!isValidTypeName(type)) throw new Error(`Not a type name: ${type}`)
    const value = args[arg]
    const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
    const param = value === null || value === undefined ? null : Array.isArray(value) && !type.includes('json') ? arrayLiteral(value.map(text)) : text(value)
    return `${quoteIdent(arg)} => $${params.push(param)}::${type}`
  })
  return `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${named.join(', ')})`
}

/** The call's value, or its rows filtered, ordered and paged as the query asks (no embedding: see handler.ts). */
export function callStatement(fn: RestFunction, args: Record<string, unknown>, query: RestQuery): Statement {
  const params: unknown[] = []
  const call = callSql(fn, args, params)
  if (!fn.rows && !fn.set) {
    if (query.shape === 'csv') return { sql: asCsv(`select ${call} as ${quoteIdent(fn.name)}`), params }
    return { sql: `select pg_catalog.to_json(${call})::pg_catalog.text as body, 1 as n, null::pg_catalog.int8 as total`, params }
  }
  const alias = fn.name
  const list = fn.rows ? plainSelectList(query, alias, params) : { sql: quoteIdent(alias), params }
  const where = filtersToSql(filtersAt(query.filters, []), { alias, params: list.params })
  const order = orderToSql(query.order, { alias, params: where.params })
  const range = rangeToSql(query.range, { params: order.params })
  const from = fn.rows ? `${call} as ${quoteIdent(alias)}` : `${call} as ${quoteIdent(alias)}(${quoteIdent(alias)})`
  const groupBy = 'groupBy' in list ? list.groupBy : ''
  const inner = `select ${list.sql} from ${from} where ${where.sql}${groupBy}${order.sql ? ` order by ${order.sql}` : ''} ${range.sql}`
  if (query.shape === 'csv') return { sql: asCsv(inner), params: range.params }
  const agg = fn.rows ? 'pg_catalog.json_agg(_r)' : `pg_catalog.json_agg(_r.${quoteIdent(alias)})`
  const body = fn.set ? `coalesce(${agg}, '[]')` : `(${agg}) -> 0`
  return { sql: `select (${body})::pg_catalog.text as body, pg_catalog.count(*)::pg_catalog.int8 as n, null::pg_catalog.int8 as total from (${inner}) as _r`, params: range.params }
}

/** A set of a table's rows that embeds (`select=*,rel(*)`) is read as that table's rows, from the call. */
export async function rpcStatement(session: RequestSession, fn: RestFunction, payload: Record<string, unknown>, query: RestQuery): Promise<Statement> {
  const embed = query.select.find((item) => item.type === 'embed')
  if (!embed) return callStatement(fn, payload, query)
  if (!fn.set || !fn.table) {
    const message = `Could not find a relationship between '${fn.name}' and '${embed.relation}' in the schema cache`
    throw new RestError(400, 'PGRST200', message, null, 'Only a function returning a set of rows of a table or view may embed')
  }
  const table = await lookupTable(session, fn.table.schema, fn.table.name)
  const params: unknown[] = []
  const from = callSql(fn, payload, params)
  return readStatement(table, query, false, await resolveEmbeds(session, table, query.select), { from, params })
}
