import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { parsePolicyTables, POLICY_EXCLUDED_SCHEMAS, POLICY_TABLES_SQL, type PolicyTable } from '@/lib/database/policies'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** Tables of the project's own schemas with their row level security and policies. */
export async function getPolicyTables({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<PolicyTable[]> {
  const { rows } = await executeSql({ projectRef, connectionString, sql: POLICY_TABLES_SQL, parameters: [postgresArrayText(POLICY_EXCLUDED_SCHEMAS)] }, signal)
  return parsePolicyTables(rows)
}

export const { options: policyTablesQueryOptions, use: usePolicyTablesQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.policies(vars.projectRef), getPolicyTables, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
