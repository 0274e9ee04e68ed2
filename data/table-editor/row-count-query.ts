import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { TableRef } from '@/lib/sql/ddl'
import { rowCountFromPlan, rowCountFromProbe, rowCountSql, rowEstimateSql, type RowCount } from '@/lib/sql/row-count'
import type { RowFilter } from '@/lib/sql/table-rows'
import { tableEditorKeys } from './keys'

type RowCountVariables = ProjectSqlVariables & {
  table: (TableRef & { id: number }) | undefined
  filters: readonly RowFilter[]
}

const params = (parameters: string[]) => (parameters.length ? parameters : undefined)

/** Rows of the table under the filters: exact below the threshold, estimated above (lib/sql/row-count). */
export async function getRowCount({ projectRef, connectionString, table, filters }: RowCountVariables, signal?: AbortSignal): Promise<RowCount> {
  if (!table) throw new Error('Table is required')
  const probe = rowCountSql(table, filters)
  const { rows } = await executeSql<{ bounded: number | null; estimate: number | null }>({ projectRef, connectionString, sql: probe.sql, parameters: params(probe.parameters) }, signal)
  const counted = rowCountFromProbe(rows[0] ?? { bounded: 0, estimate: null }, filters.length > 0)
  if (counted) return counted
  const plan = rowEstimateSql(table, filters)
  const estimate = await executeSql({ projectRef, connectionString, sql: plan.sql, parameters: params(plan.parameters) }, signal)
  return rowCountFromPlan(estimate.rows)
}

export function rowCountQueryOptions(vars: RowCountVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: tableEditorKeys.rowCount(vars.projectRef, vars.table?.id, vars.filters),
    queryFn: ({ signal }) => getRowCount(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef && vars.table) && (vars.enabled ?? true),
    placeholderData: keepPreviousData,
  })
}

export function useRowCountQuery(vars: RowCountVariables & { enabled?: boolean }) {
  return useQuery(rowCountQueryOptions(vars))
}
