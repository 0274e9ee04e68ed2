import { queryOptions, useQuery } from '@tanstack/react-query'
import { ENGINE_SQL, RUNNING_QUERIES_SQL, type RunningQuery } from '@/lib/advisors/query-performance'
import { advisorKeys } from './keys'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { projectRows } from './project-sql'

export type RunningQueries = {
  embedded: boolean
  queries: RunningQuery[]
  /** Sessions of other roles, whose state and text Postgres does not show to this role. */
  hiddenSessions: number
}

/** Statements running now (pg_stat_activity, without the one asking), and whether the database is embedded. */
export async function getRunningQueries(vars: ProjectSqlVariables, signal?: AbortSignal): Promise<RunningQueries> {
  const [engine] = await projectRows<{ embedded: boolean; hidden_sessions: number | null }>(vars, ENGINE_SQL, undefined, signal)
  const queries = await projectRows<RunningQuery>(vars, RUNNING_QUERIES_SQL, undefined, signal)
  return { embedded: Boolean(engine?.embedded), queries, hiddenSessions: Number(engine?.hidden_sessions ?? 0) }
}

/** Activity goes stale fast: refetched every 5 s while the screen is open. */
export const RUNNING_QUERIES_REFRESH_MS = 5_000

export function runningQueriesQueryOptions(vars: ProjectSqlVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.activity(vars.projectRef),
    queryFn: ({ signal }) => getRunningQueries(vars, signal),
    staleTime: 0,
    refetchInterval: RUNNING_QUERIES_REFRESH_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export const useRunningQueriesQuery = (vars: ProjectSqlVariables & { enabled?: boolean }) => useQuery(runningQueriesQueryOptions(vars))
