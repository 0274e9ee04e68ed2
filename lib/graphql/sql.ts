/**
 * SQL building blocks of the GraphQL endpoint. Identifiers are quoted; every value becomes a
 * parameter (`$n`), sent as text and cast to the column's type in SQL, so the drivers never
 * guess a type.
 */
import { FILTER_OPERATORS, type ColumnTypeInfo, type FilterOperator } from './type-mapping'

/** A column as the SQL builder needs it. `typeSql` is Postgres' own `format_type(oid, null)`. */
export type SqlColumn = { name: string; typeSql: string; type: ColumnTypeInfo }

/** Deepest nesting of `and`/`or`/`not` in a filter. */
export const MAX_FILTER_NESTING = 16

/** A mistake in the caller's arguments (becomes a GraphQL error). */
export class GraphqlInputError extends Error {}

/** `my "table"` → `"my ""table"""`. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** The parameters of one statement. */
export class SqlParams {
  readonly values: (string | null)[] = []
  /** Adds a value (as text) and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(toText(value))
    return `$${this.values.length}`
  }
}

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

/** A value as the column's type: `cast($n::text as <type>)`. */
export function typedValue(column: SqlColumn, value: unknown, params: SqlParams): string {
  if (value === null || value === undefined) return 'null'
  if (column.type.isList) {
    if (!Array.isArray(value)) throw new GraphqlInputError(`${column.name} takes a list`)
    const elementType = column.typeSql.replace(/\[\]$/, '')
    return `array(select cast(e.v as ${elementType}) from json_array_elements_text(cast(${params.add(JSON.stringify(value))}::text as json)) with ordinality as e(v, n) order by e.n)::${column.typeSql}`
  }
  if (column.type.scalar === 'JSON') return `cast(${params.add(JSON.stringify(value))}::text as ${column.typeSql})`
  return `cast(${params.add(value)}::text as ${column.typeSql})`
}

const COMPARISON: Record<Exclude<FilterOperator, 'in'>, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
}

function columnCondition(column: SqlColumn, ops: Record<string, unknown>, alias: string, params: SqlParams): string[] {
  const ref = `${alias}.${quoteIdent(column.name)}`
  // Types without a GraphQL counterpart compare as their text form.
  const opaque = column.type.scalar === 'Opaque'
  const left = opaque ? `${ref}::text` : ref
  const value = (v: unknown) => (opaque ? `${params.add(v)}::text` : typedValue(column, v, params))
  const allowed = FILTER_OPERATORS[column.type.filter]
  const parts: string[] = []
  for (const [op, operand] of Object.entries(ops)) {
    if (operand === undefined || operand === null) continue
    if (op === 'is') {
      if (operand === 'NULL') parts.push(`${ref} is null`)
      else if (operand === 'NOT_NULL') parts.push(`${ref} is not null`)
      else throw new GraphqlInputError(`${column.name}.is must be NULL or NOT_NULL`)
      continue
    }
    if (!(allowed as readonly string[]).includes(op)) throw new GraphqlInputError(`${column.name} cannot be filtered with ${op}`)
    if (op === 'in') {
      if (!Array.isArray(operand)) throw new GraphqlInputError(`${column.name}.in takes a list`)
      const items = operand.filter((v) => v !== null && v !== undefined)
      parts.push(items.length === 0 ? 'false' : `${left} in (${items.map(value).join(', ')})`)
      continue
    }
    if (op === 'like' || op === 'ilike') {
      parts.push(`${ref}::text ${COMPARISON[op]} ${params.add(operand)}::text`)
      continue
    }
    parts.push(`${left} ${COMPARISON[op as keyof typeof COMPARISON]} ${value(operand)}`)
  }
  return parts
}

/**
 * The `where` condition of a filter object (`{col: {eq: 1}, and: [...], or: [...], not: {...}}`).
 * Conditions of one object hold together (and); an empty filter is `true`.
 */
export function filterSql(
  filter: Record<string, unknown> | null | undefined,
  columns: ReadonlyMap<string, SqlColumn>,
  alias: string,
  params: SqlParams,
  nesting = 0
): string {
  if (!filter) return 'true'
  if (nesting > MAX_FILTER_NESTING) throw new GraphqlInputError(`Filters nest at most ${MAX_FILTER_NESTING} levels of and/or/not`)
  const parts: string[] = []
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw new GraphqlInputError(`${key} takes a list of filters`)
      const inner = value.map((f) => `(${filterSql(f as Record<string, unknown>, columns, alias, params, nesting + 1)})`)
      if (inner.length > 0) parts.push(`(${inner.join(key === 'and' ? ' and ' : ' or ')})`)
      else if (key === 'or') parts.push('false')
      continue
    }
    if (key === 'not') {
      parts.push(`not coalesce((${filterSql(value as Record<string, unknown>, columns, alias, params, nesting + 1)}), false)`)
      continue
    }
    const column = columns.get(key)
    if (!column) throw new GraphqlInputError(`Unknown column ${key} in filter`)
    parts.push(...columnCondition(column, value as Record<string, unknown>, alias, params))
  }
  return parts.length === 0 ? 'true' : parts.join(' and ')
}

export const ORDER_DIRECTIONS = {
  AscNullsFirst: 'asc nulls first',
  AscNullsLast: 'asc nulls last',
  DescNullsFirst: 'desc nulls first',
  DescNullsLast: 'desc nulls last',
} as const
export type OrderDirection = keyof typeof ORDER_DIRECTIONS

/** The reverse of an order (for `last`). */
export function reverseDirection(direction: OrderDirection): OrderDirection {
  const reversed: Record<OrderDirection, OrderDirection> = {
    AscNullsFirst: 'DescNullsLast',
    AscNullsLast: 'DescNullsFirst',
    DescNullsFirst: 'AscNullsLast',
    DescNullsLast: 'AscNullsFirst',
  }
  return reversed[direction]
}

export type OrderTerm = { column: string; direction: OrderDirection }

/** `[{title: AscNullsLast}, {id: DescNullsFirst}]` → terms, one column per entry. */
export function orderTerms(orderBy: Record<string, unknown>[] | null | undefined, columns: ReadonlyMap<string, SqlColumn>): OrderTerm[] {
  const terms: OrderTerm[] = []
  for (const entry of orderBy ?? []) {
    const keys = Object.keys(entry ?? {}).filter((k) => entry[k] !== null && entry[k] !== undefined)
    if (keys.length !== 1) throw new GraphqlInputError('Each orderBy entry names exactly one column')
    const column = columns.get(keys[0])
    if (!column || !column.type.sortable) throw new GraphqlInputError(`Cannot order by ${keys[0]}`)
    const direction = entry[keys[0]] as OrderDirection
    if (!(direction in ORDER_DIRECTIONS)) throw new GraphqlInputError(`Unknown order direction ${String(direction)}`)
    terms.push({ column: keys[0], direction })
  }
  return terms
}

/** `a."title" asc nulls last, a."id" desc nulls first` ('' for no terms). */
export function orderSql(terms: OrderTerm[], alias: string): string {
  return terms.map((t) => `${alias}.${quoteIdent(t.column)} ${ORDER_DIRECTIONS[t.direction]}`).join(', ')
}

/** A jsonb object from (key, SQL expression) pairs; split in groups since a call takes ≤ 100 arguments. */
export function jsonObjectSql(pairs: [key: string, expression: string][]): string {
  if (pairs.length === 0) return `'{}'::jsonb`
  const groups: string[] = []
  for (let i = 0; i < pairs.length; i += 50) {
    const group = pairs.slice(i, i + 50).map(([key, expr]) => `${sqlString(key)}, ${expr}`)
    groups.push(`jsonb_build_object(${group.join(', ')})`)
  }
  return groups.join(' || ')
}

/** A SQL string literal (for names known to be GraphQL names; values go as parameters). */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}
