import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { toHook, type Hook } from '@/lib/database/hooks'
import { TRIGGERS_SQL, type TriggerRow } from '@/lib/database/triggers'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** User triggers of the project's database, as hooks. */
export async function getHooks({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<Hook[]> {
  const { rows } = await executeSql<TriggerRow>({ projectRef, connectionString, sql: TRIGGERS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows.map(toHook)
}

export const { options: hooksQueryOptions, use: useHooksQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.hooks(vars.projectRef), getHooks, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
