/**
 * SQL of one page of a table's rows with the grid's sort and filters. Filter values travel as
 * query parameters ($1, $2 …), never in the SQL text; names are quoted. Pages come from the
 * server (LIMIT/OFFSET), so a table is never fetched whole.
 */
import { quoteIdent, quoteQualified } from './identifiers'
import type { TableRef } from './ddl'

/** Rows per page of the grid. */
export const ROWS_PAGE_SIZE = 100

export const FILTER_OPERATORS = ['=', '<>', '>', '<', 'ilike', 'is null', 'is not null'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  '=': 'equals',
  '<>': 'not equal',
  '>': 'greater than',
  '<': 'less than',
  ilike: 'matches (ILIKE)',
  'is null': 'is null',
  'is not null': 'is not null',
}

export type RowFilter = { column: string; operator: FilterOperator; value: string }
export type RowSort = { column: string; direction: 'asc' | 'desc' }

export type SqlWithParameters = { sql: string; parameters: string[] }

/** True when the operator compares against a value (IS NULL does not). */
export function filterTakesValue(operator: FilterOperator): boolean {
  return operator !== 'is null' && operator !== 'is not null'
}

/** `WHERE …` for the filters (empty when none); parameters are numbered from $1. */
export function whereClause(filters: readonly RowFilter[]): SqlWithParameters {
  const parameters: string[] = []
  const conditions = filters.map((filter) => {
    const column = quoteIdent(filter.column)
    switch (filter.operator) {
      case 'is null':
        return `${column} IS NULL`
      case 'is not null':
        return `${column} IS NOT NULL`
      case 'ilike':
        parameters.push(filter.value)
        // Any type can be matched by its text form.
        return `${column}::text ILIKE $${parameters.length}`
      default:
        if (!(FILTER_OPERATORS as readonly string[]).includes(filter.operator)) throw new Error(`Unknown filter operator ${filter.operator}`)
        parameters.push(filter.value)
        return `${column} ${filter.operator} $${parameters.length}`
    }
  })
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters }
}

/**
 * `ORDER BY` of the chosen sorts, then the primary key so pages are stable; empty when neither
 * exists (a table without a key is read in storage order).
 */
export function orderClause(sorts: readonly RowSort[], primaryKey: readonly string[]): string {
  const sorted = new Set(sorts.map((s) => s.column))
  const terms = [
    ...sorts.map((s) => `${quoteIdent(s.column)} ${s.direction === 'desc' ? 'DESC' : 'ASC'}`),
    ...primaryKey.filter((c) => !sorted.has(c)).map((c) => `${quoteIdent(c)} ASC`),
  ]
  return terms.length ? `ORDER BY ${terms.join(', ')}` : ''
}

export type RowsPageInput = {
  table: TableRef
  filters: readonly RowFilter[]
  sorts: readonly RowSort[]
  primaryKey: readonly string[]
  offset: number
  limit?: number
}

/** SELECT of one page. */
export function rowsPageSql({ table, filters, sorts, primaryKey, offset, limit = ROWS_PAGE_SIZE }: RowsPageInput): SqlWithParameters {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Error('The page offset is a whole number')
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error('The page size is a positive whole number')
  const where = whereClause(filters)
  const sql = [`SELECT * FROM ${quoteQualified(table.schema, table.name)}`, where.sql, orderClause(sorts, primaryKey), `LIMIT ${limit} OFFSET ${offset}`]
    .filter(Boolean)
    .join(' ')
  return { sql, parameters: where.parameters }
}
