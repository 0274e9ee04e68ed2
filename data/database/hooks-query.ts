import { queryOptions, useQuery } from '@tanstack/react-query'
import { executeSql } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { toHook, TRIGGERS_SQL, type Hook, type TriggerRow } from '@/lib/database/hooks'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys, type DatabaseVariables } from './keys'

/** User triggers of the project's database, as hooks. */
export async function getHooks({ projectRef, connectionString }: DatabaseVariables, signal?: AbortSignal): Promise<Hook[]> {
  const { rows } = await executeSql<TriggerRow>({ projectRef, connectionString, sql: TRIGGERS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows.map(toHook)
}

export function hooksQueryOptions(vars: DatabaseVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: databaseKeys.hooks(vars.projectRef),
    queryFn: ({ signal }) => getHooks(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export function useHooksQuery(vars: DatabaseVariables & { enabled?: boolean }) {
  return useQuery(hooksQueryOptions(vars))
}
