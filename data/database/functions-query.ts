import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { FUNCTIONS_SQL, toDatabaseFunction, type DatabaseFunction, type FunctionRow } from '@/lib/database/functions'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type FunctionsVariables = ProjectSqlVariables & { schema: string | undefined }

/** The functions of one schema (not an extension's), with what the edit form starts from. */
export async function getFunctions({ projectRef, connectionString, schema }: FunctionsVariables, signal?: AbortSignal): Promise<DatabaseFunction[]> {
  if (!schema) throw new Error('Schema is required')
  const { rows } = await executeSql<FunctionRow>({ projectRef, connectionString, sql: FUNCTIONS_SQL, parameters: [schema] }, signal)
  return rows.map(toDatabaseFunction)
}

export const { options: functionsQueryOptions, use: useFunctionsQuery } = defineQuery((vars: FunctionsVariables) => databaseKeys.functions(vars.projectRef, vars.schema), getFunctions, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef && vars.schema),
})
