/**
 * How the table editor counts rows: exactly below a threshold, estimated above it (and then
 * worded "about N rows"). The exact count is bounded: it never scans more than threshold + 1
 * rows, so a huge table costs no more to count than a small one. Above the threshold the
 * estimate is the planner's: pg_class.reltuples for a whole table, the plan's row estimate for a
 * filtered one (or when the table was never analysed).
 */
import { quoteQualified } from './identifiers'
import type { TableRef } from './ddl'
import { whereClause, type RowFilter, type SqlWithParameters } from './table-rows'

/** Tables up to this many rows are counted exactly. */
export const EXACT_ROW_COUNT_THRESHOLD = 50_000

export type RowCount = { exact: boolean; count: number }

/**
 * Unfiltered tables whose reltuples is over this (twice the threshold) are not scanned at all: the estimate is trusted
 * (a margin over the threshold, so a table that shrank since its last ANALYZE is still counted).
 */
export const TRUSTED_ESTIMATE_ROWS = 2 * EXACT_ROW_COUNT_THRESHOLD

/**
 * One statement: the bounded exact count and the table's reltuples estimate. Without filters the
 * count is skipped (null) when reltuples is over TRUSTED_ESTIMATE_ROWS: a 1M-row table's first
 * screen costs a catalogue lookup, not a 50,001-row scan on the project's database.
 */
export function rowCountSql(table: TableRef & { id: number }, filters: readonly RowFilter[], threshold = EXACT_ROW_COUNT_THRESHOLD): SqlWithParameters {
  if (!Number.isSafeInteger(table.id)) throw new Error('The table id is a whole number')
  const where = whereClause(filters)
  const source = [`SELECT 1 FROM ${quoteQualified(table.schema, table.name)}`, where.sql, `LIMIT ${threshold + 1}`].filter(Boolean).join(' ')
  const bounded = `(SELECT count(*) FROM (${source}) AS bounded)::int8`
  const estimate = `(SELECT reltuples::int8 FROM pg_catalog.pg_class WHERE oid = ${table.id})`
  if (filters.length > 0) return { sql: `SELECT ${bounded} AS bounded, ${estimate} AS estimate`, parameters: where.parameters }
  const sql = `SELECT CASE WHEN e.estimate > ${2 * threshold} THEN NULL ELSE ${bounded} END AS bounded, e.estimate FROM (SELECT ${estimate} AS estimate) AS e`
  return { sql, parameters: where.parameters }
}

/** The planner's estimate of the filtered rows (EXPLAIN, nothing is read). */
export function rowEstimateSql(table: TableRef, filters: readonly RowFilter[]): SqlWithParameters {
  const where = whereClause(filters)
  return {
    sql: [`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${quoteQualified(table.schema, table.name)}`, where.sql].filter(Boolean).join(' '),
    parameters: where.parameters,
  }
}

/**
 * The count from the first probe, or null when the planner's estimate is needed (over the
 * threshold with filters, or with no usable reltuples).
 */
export function rowCountFromProbe(
  probe: { bounded: number | string | null; estimate: number | string | null },
  filtered: boolean,
  threshold = EXACT_ROW_COUNT_THRESHOLD
): RowCount | null {
  const bounded = probe.bounded === null ? null : Number(probe.bounded)
  if (bounded !== null && bounded <= threshold) return { exact: true, count: bounded }
  const estimate = Number(probe.estimate)
  if (!filtered && Number.isFinite(estimate) && estimate > threshold) return { exact: false, count: estimate }
  return null
}

/** The estimate from an EXPLAIN (FORMAT JSON) result; never below what was counted already. */
export function rowCountFromPlan(rows: readonly Record<string, unknown>[], threshold = EXACT_ROW_COUNT_THRESHOLD): RowCount {
  const raw = rows[0]?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  const planned = Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0)
  return { exact: false, count: Math.max(Math.round(planned), threshold + 1) }
}

/** "1 row", "12 rows", "about 1,000,000 rows". */
export function formatRowCount({ exact, count }: RowCount): string {
  const words = `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`
  return exact ? words : `about ${words}`
}
