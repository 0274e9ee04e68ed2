import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { EVENT_TRIGGERS_SQL, type EventTriggerRow } from '@/lib/database/triggers'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The database's event triggers (DDL events), the platform's own left out. */
export async function getEventTriggers({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<EventTriggerRow[]> {
  const { rows } = await executeSql<EventTriggerRow>({ projectRef, connectionString, sql: EVENT_TRIGGERS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows
}

export const { options: eventTriggersQueryOptions, use: useEventTriggersQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.eventTriggers(vars.projectRef), getEventTriggers, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
