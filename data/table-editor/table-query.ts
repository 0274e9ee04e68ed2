import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { tableEditorKeys } from './keys'
import { getTableCatalogue } from './table-catalogue-query'
import { defineQuery } from '@/data/query'

type TableVariables = ProjectSqlVariables & { id: number | undefined }

/** One table (columns, constraints, indexes) by oid; null when no such table exists (dropped, or a bad id). */
export async function getTable({ projectRef, connectionString, id }: TableVariables, signal?: AbortSignal): Promise<CatalogueTable | null> {
  if (id === undefined || !Number.isSafeInteger(id)) throw new Error('Table id is required')
  const [table] = await getTableCatalogue({ projectRef, connectionString, selection: { ids: [id] } }, signal)
  return table ?? null
}

export const { options: tableQueryOptions, use: useTableQuery } = defineQuery((vars: TableVariables) => tableEditorKeys.table(vars.projectRef, vars.id), getTable, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef) && vars.id !== undefined,
})
