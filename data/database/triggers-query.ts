import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { toTrigger, TRIGGERS_SQL, type Trigger, type TriggerRow } from '@/lib/database/triggers'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The user triggers' catalogue rows: what the Triggers screen and the hooks list both read. */
export async function getTriggerRows({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<TriggerRow[]> {
  const { rows } = await executeSql<TriggerRow>({ projectRef, connectionString, sql: TRIGGERS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows
}

/** The data triggers of the project's database. */
export async function getTriggers(vars: ProjectSqlVariables, signal?: AbortSignal): Promise<Trigger[]> {
  return (await getTriggerRows(vars, signal)).map(toTrigger)
}

export const { options: triggersQueryOptions, use: useTriggersQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.triggers(vars.projectRef), getTriggers, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
