/**
 * Parsed filters, order and range as parameterised SQL over one table alias: every value is a
 * `$n` parameter (sent as text; Postgres infers or casts its type) and every name is quoted.
 * Embedding (joins to related tables) is the caller's: give each resource's filters with its alias.
 */
import { isValidTypeName, quoteIdent } from '@/lib/sql/identifiers'
import type { FilterCondition, FilterNode } from './parse-filters'
import type { OrderTerm, RowRange } from './parse-params'
import type { Field } from './scanner'

/** A piece of SQL and all the parameters numbered so far (the ones given first included). */
export interface SqlFragment {
  sql: string
  params: unknown[]
}

export interface SqlContext {
  /** The alias (or table name) the columns are qualified with. */
  alias: string
  /** A column's type (`text[]`, `jsonb`, `int4range`, ...), to cast array, JSON and range values. */
  columnType?: (column: string) => string | undefined
  /** Parameters of the statement so far: numbering continues after them. */
  params?: readonly unknown[]
}

/** Comparison operators, PostgREST's name → SQL. */
const SQL_OPERATORS: Partial<Record<FilterCondition['operator'], string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~',
  imatch: '~*', isdistinct: 'is distinct from', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<',
  nxl: '&>', adj: '-|-',
}
/** Operators whose value is typed like the column (arrays, JSON, ranges): cast when the type is known. */
const TYPED = new Set(['cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'])
const FULL_TEXT: Record<string, string> = {
  fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery',
}
const IS_SQL: Record<string, string> = {
  null: 'is null', not_null: 'is not null', true: 'is true', false: 'is false', unknown: 'is unknown',
}

/** Numbers parameters as they are added. */
class Params {
  readonly list: unknown[]
  constructor(initial: readonly unknown[] = []) {
    this.list = [...initial]
  }
  add(value: unknown, cast?: string): string {
    return `$${this.list.push(value)}${cast ? `::${cast}` : ''}`
  }
}

/** `"alias"."col"->$1::text->>$2::int`: a column with its JSON path, keys as parameters. */
function fieldSql(alias: string, field: Field, params: Params): string {
  let sql = `${quoteIdent(alias)}.${quoteIdent(field.name)}`
  for (const step of field.jsonPath) {
    sql += `${step.arrow}${typeof step.key === 'number' ? params.add(step.key, 'int') : params.add(step.key, 'text')}`
  }
  return sql
}

/** One field (a column with its JSON path) as SQL, the path's keys as parameters (a select list's items). */
export function fieldToSql(field: Field, ctx: Pick<SqlContext, 'alias' | 'params'>): SqlFragment {
  const params = new Params(ctx.params)
  return { sql: fieldSql(ctx.alias, field, params), params: params.list }
}

/** The type a value compared with `field` takes: text or jsonb after a JSON path, else the column's. */
function fieldType(field: Field, ctx: SqlContext): string | undefined {
  const last = field.jsonPath[field.jsonPath.length - 1]
  const type = last ? (last.arrow === '->' ? 'jsonb' : 'text') : ctx.columnType?.(field.name)
  if (type !== undefined && !isValidTypeName(type)) throw new Error(`Not a type name: ${type}`)
  return type
}

/** A Postgres array literal of text elements: `{"a","b \"c\""}`. */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}

/** PostgREST's `*` wildcard is SQL's `%`. */
const wildcard = (pattern: string) => pattern.replaceAll('*', '%')

function conditionSql(node: FilterCondition, ctx: SqlContext, params: Params): string {
  const column = fieldSql(ctx.alias, node.field, params)
  const { operator, value } = node
  const isPattern = operator === 'like' || operator === 'ilike'
  if (operator === 'is') return `${column} ${IS_SQL[value as string]}`
  if (operator === 'in') {
    const type = fieldType(node.field, ctx)
    return `${column} = any(${params.add(arrayLiteral(value as string[]), type && `${type}[]`)})`
  }
  if (node.quantifier) {
    const items = (value as string[]).map((v) => (isPattern ? wildcard(v) : v))
    const type = isPattern || operator.endsWith('match') ? 'text' : fieldType(node.field, ctx)
    return `${column} ${SQL_OPERATORS[operator]} ${node.quantifier}(${params.add(arrayLiteral(items), type && `${type}[]`)})`
  }
  if (operator in FULL_TEXT) {
    const config = node.config === undefined ? '' : `${params.add(node.config, 'regconfig')}, `
    return `${column} @@ ${FULL_TEXT[operator]}(${config}${params.add(value, 'text')})`
  }
  const text = isPattern ? wildcard(value as string) : (value as string)
  const cast = TYPED.has(operator) ? fieldType(node.field, ctx) : undefined
  return `${column} ${SQL_OPERATORS[operator]} ${params.add(text, cast)}`
}

function nodeSql(node: FilterNode, ctx: SqlContext, params: Params): string {
  const sql =
    node.type === 'condition'
      ? conditionSql(node, ctx, params)
      : `(${node.children.map((child) => nodeSql(child, ctx, params)).join(` ${node.operator} `)})`
  return node.negated ? `not ${node.type === 'condition' ? `(${sql})` : sql}` : sql
}

/** The filters as one condition (joined with `and`); `true` when there are none. */
export function filtersToSql(nodes: readonly FilterNode[], ctx: SqlContext): SqlFragment {
  const params = new Params(ctx.params)
  const parts = nodes.map((node) => nodeSql(node, ctx, params))
  return { sql: parts.length === 0 ? 'true' : parts.join(' and '), params: params.list }
}

/** The terms of an ORDER BY (without the key words); empty when there are none. */
export function orderToSql(terms: readonly OrderTerm[], ctx: SqlContext): SqlFragment {
  const params = new Params(ctx.params)
  const sql = terms
    .map((t) => {
      let term = fieldSql(ctx.alias, t.field, params)
      if (t.direction) term += ` ${t.direction}`
      if (t.nulls) term += ` nulls ${t.nulls}`
      return term
    })
    .join(', ')
  return { sql, params: params.list }
}

/** `limit $n offset $m` (each only when needed); empty for the whole table. */
export function rangeToSql(range: RowRange, ctx: Pick<SqlContext, 'params'> = {}): SqlFragment {
  const params = new Params(ctx.params)
  const parts: string[] = []
  if (range.limit !== undefined) parts.push(`limit ${params.add(range.limit)}`)
  if (range.offset > 0) parts.push(`offset ${params.add(range.offset)}`)
  return { sql: parts.join(' '), params: params.list }
}
