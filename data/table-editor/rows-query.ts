import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { executeSql, type SqlField, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { TableRef } from '@/lib/sql/ddl'
import { ROWS_PAGE_SIZE, rowsPageSql, type RowFilter, type RowSort } from '@/lib/sql/table-rows'
import { tableEditorKeys } from './keys'

type RowsVariables = ProjectSqlVariables & {
  table: (TableRef & { id: number; primaryKey: readonly string[] }) | undefined
  filters: readonly RowFilter[]
  sorts: readonly RowSort[]
}

export type RowsPage = { rows: Record<string, unknown>[]; fields: SqlField[]; offset: number }

/** One page of rows (ROWS_PAGE_SIZE) from `offset`, with the view's filters and sort. */
export async function getRowsPage({ projectRef, connectionString, table, filters, sorts }: RowsVariables, offset: number, signal?: AbortSignal): Promise<RowsPage> {
  if (!table) throw new Error('Table is required')
  const { sql, parameters } = rowsPageSql({ table, filters, sorts, primaryKey: table.primaryKey, offset })
  const result = await executeSql({ projectRef, connectionString, sql, parameters: parameters.length ? parameters : undefined }, signal)
  return { rows: result.rows, fields: result.fields, offset }
}

export function rowsQueryOptions(vars: RowsVariables & { enabled?: boolean }) {
  return infiniteQueryOptions({
    queryKey: tableEditorKeys.rows(vars.projectRef, vars.table?.id, vars.table, { filters: vars.filters, sorts: vars.sorts }),
    queryFn: ({ signal, pageParam }) => getRowsPage(vars, pageParam, signal),
    initialPageParam: 0,
    // A short page is the last one; no count is needed to know it.
    getNextPageParam: (last) => (last.rows.length < ROWS_PAGE_SIZE ? undefined : last.offset + ROWS_PAGE_SIZE),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef && vars.table) && (vars.enabled ?? true),
    // A new sort or filter keeps the grid (and its scroll position) until the new rows arrive.
    placeholderData: keepPreviousData,
  })
}

export function useRowsQuery(vars: RowsVariables & { enabled?: boolean }) {
  return useInfiniteQuery(rowsQueryOptions(vars))
}
