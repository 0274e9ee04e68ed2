import { queryOptions, useQuery } from '@tanstack/react-query'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { EXTENSION_DEPENDENTS_SQL } from '@/lib/database/extensions'
import { databaseKeys } from './keys'

/** Objects that DROP EXTENSION … CASCADE would drop besides the extension's own. */
export async function getExtensionDependents({ projectRef, connectionString, name }: ProjectSqlVariables & { name: string | undefined }, signal?: AbortSignal): Promise<string[]> {
  if (!name) throw new Error('Extension name is required')
  const { rows } = await executeSql<{ object: string }>({ projectRef, connectionString, sql: EXTENSION_DEPENDENTS_SQL, parameters: [name] }, signal)
  return rows.map((row) => row.object)
}

export function extensionDependentsQueryOptions(vars: ProjectSqlVariables & { name: string | undefined; enabled?: boolean }) {
  return queryOptions({
    queryKey: databaseKeys.extensionDependents(vars.projectRef, vars.name),
    queryFn: ({ signal }) => getExtensionDependents(vars, signal),
    // Asked when the confirmation opens: always fresh.
    staleTime: 0,
    enabled: Boolean(vars.projectRef && vars.name) && (vars.enabled ?? true),
  })
}

export function useExtensionDependentsQuery(vars: ProjectSqlVariables & { name: string | undefined; enabled?: boolean }) {
  return useQuery(extensionDependentsQueryOptions(vars))
}

