import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { toHook, type Hook } from '@/lib/database/hooks'
import { databaseKeys } from './keys'
import { getTriggerRows } from './triggers-query'
import { defineQuery } from '@/data/query'

/** User triggers of the project's database, as hooks. */
export async function getHooks(vars: ProjectSqlVariables, signal?: AbortSignal): Promise<Hook[]> {
  return (await getTriggerRows(vars, signal)).map(toHook)
}

export const { options: hooksQueryOptions, use: useHooksQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.hooks(vars.projectRef), getHooks, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
