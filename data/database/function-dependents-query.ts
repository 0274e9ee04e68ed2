import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { FUNCTION_DEPENDENTS_SQL } from '@/lib/database/functions'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type Variables = ProjectSqlVariables & { id: number | undefined }

/** What depends on a function (triggers using it, views, defaults): DROP refuses them without CASCADE. */
export async function getFunctionDependents({ projectRef, connectionString, id }: Variables, signal?: AbortSignal): Promise<string[]> {
  if (id === undefined) throw new Error('Function id is required')
  const { rows } = await executeSql<{ object: string }>({ projectRef, connectionString, sql: FUNCTION_DEPENDENTS_SQL, parameters: [id] }, signal)
  return rows.map((row) => row.object)
}

export const { options: functionDependentsQueryOptions, use: useFunctionDependentsQuery } = defineQuery(
  (vars: Variables) => databaseKeys.functionDependents(vars.projectRef, vars.id),
  getFunctionDependents,
  // Asked when a drop or a signature change is about to run: always fresh.
  { staleTime: 0, ready: (vars) => Boolean(vars.projectRef) && vars.id !== undefined }
)
