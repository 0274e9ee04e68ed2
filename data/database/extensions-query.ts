import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { EXTENSIONS_SQL, type ServerExtensionRow } from '@/lib/database/extensions'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

export type ServerExtensions = {
  rows: ServerExtensionRow[]
  serverVersionNum: string | null
}

/** What the database has: pg_available_extensions joined with pg_extension. */
export async function getServerExtensions({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<ServerExtensions> {
  const { rows } = await executeSql<ServerExtensionRow>({ projectRef, connectionString, sql: EXTENSIONS_SQL, parameters: [] }, signal)
  return {
    rows,
    serverVersionNum: rows[0]?.server_version_num ?? null,
  }
}

export const { options: extensionsQueryOptions, use: useExtensionsQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.extensions(vars.projectRef), getServerExtensions, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
