import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { FDW_EXTENSIONS, FDW_EXTENSIONS_SQL, type FdwExtensionRow } from '@/lib/database/wrappers'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** Extensions providing foreign data wrappers that the server has (installed or not). */
export async function getFdwExtensions({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<FdwExtensionRow[]> {
  const names = postgresArrayText(FDW_EXTENSIONS.map((e) => e.name))
  const { rows } = await executeSql<FdwExtensionRow>({ projectRef, connectionString, sql: FDW_EXTENSIONS_SQL, parameters: [names] }, signal)
  return rows
}

export const { options: fdwExtensionsQueryOptions, use: useFdwExtensionsQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.fdwExtensions(vars.projectRef), getFdwExtensions, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
