import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { TRIGGER_FUNCTIONS_SQL, type TriggerFunction } from '@/lib/database/triggers'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** Functions a trigger can execute (they return `trigger`). */
export async function getTriggerFunctions({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<TriggerFunction[]> {
  const { rows } = await executeSql<TriggerFunction>(
    { projectRef, connectionString, sql: TRIGGER_FUNCTIONS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] },
    signal
  )
  return rows
}

export const { options: triggerFunctionsQueryOptions, use: useTriggerFunctionsQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.triggerFunctions(vars.projectRef), getTriggerFunctions, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
