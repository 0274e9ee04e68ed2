import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { sqlKeys } from '@/data/sql/keys'
import { defineQuery } from '@/data/query'
import { API_FUNCTIONS_SQL, parseApiFunctions, type ApiFunction } from '@/lib/api-docs/functions'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'

type ApiFunctionsVariables = ProjectSqlVariables & { schema: string }

/** The functions of a schema the project API can call (`rpc`). */
export async function getApiFunctions({ projectRef, connectionString, schema }: ApiFunctionsVariables, signal?: AbortSignal): Promise<ApiFunction[]> {
  const { rows } = await executeSql({ projectRef, connectionString, sql: API_FUNCTIONS_SQL, parameters: [schema] }, signal)
  return parseApiFunctions(rows)
}

// Under the project's `sql` queries: DDL run anywhere in the dashboard refreshes it.
export const { options: apiFunctionsQueryOptions, use: useApiFunctionsQuery } = defineQuery(
  (vars: ApiFunctionsVariables) => sqlKeys.query(vars.projectRef, 'api-docs', 'functions', vars.schema),
  getApiFunctions,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
