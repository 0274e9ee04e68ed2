import { queryOptions, useQuery } from '@tanstack/react-query'
import { executeSql } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { EXTENSIONS_SQL, type ServerExtensionRow } from '@/lib/database/extensions'
import { databaseKeys, type DatabaseVariables } from './keys'

export type ServerExtensions = {
  rows: ServerExtensionRow[]
  serverVersionNum: string | null
}

/** What the database has: pg_available_extensions joined with pg_extension. */
export async function getServerExtensions({ projectRef, connectionString }: DatabaseVariables, signal?: AbortSignal): Promise<ServerExtensions> {
  const { rows } = await executeSql<ServerExtensionRow>({ projectRef, connectionString, sql: EXTENSIONS_SQL, parameters: [] }, signal)
  return {
    rows,
    serverVersionNum: rows[0]?.server_version_num ?? null,
  }
}

export function extensionsQueryOptions(vars: DatabaseVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: databaseKeys.extensions(vars.projectRef),
    queryFn: ({ signal }) => getServerExtensions(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export function useExtensionsQuery(vars: DatabaseVariables & { enabled?: boolean }) {
  return useQuery(extensionsQueryOptions(vars))
}
