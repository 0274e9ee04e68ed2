import { queryOptions, useQuery } from '@tanstack/react-query'
import { executeSql } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { FDW_EXTENSIONS, FDW_EXTENSIONS_SQL, type FdwExtensionRow } from '@/lib/database/wrappers'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys, type DatabaseVariables } from './keys'

/** Extensions providing foreign data wrappers that the server has (installed or not). */
export async function getFdwExtensions({ projectRef, connectionString }: DatabaseVariables, signal?: AbortSignal): Promise<FdwExtensionRow[]> {
  const names = postgresArrayText(FDW_EXTENSIONS.map((e) => e.name))
  const { rows } = await executeSql<FdwExtensionRow>({ projectRef, connectionString, sql: FDW_EXTENSIONS_SQL, parameters: [names] }, signal)
  return rows
}

export function fdwExtensionsQueryOptions(vars: DatabaseVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: databaseKeys.fdwExtensions(vars.projectRef),
    queryFn: ({ signal }) => getFdwExtensions(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export function useFdwExtensionsQuery(vars: DatabaseVariables & { enabled?: boolean }) {
  return useQuery(fdwExtensionsQueryOptions(vars))
}
