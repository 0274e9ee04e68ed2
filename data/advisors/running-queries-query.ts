import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import type { RunningQueriesResponse } from '@/lib/api-types/advisors'
import { advisorKeys } from './keys'

export type RunningQueries = RunningQueriesResponse

/**
 * Statements running now in the project's database, every role's (the application's connections
 * too), as the platform reads them: GET /platform/projects/{ref}/running-queries.
 */
export async function getRunningQueries({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<RunningQueries> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<RunningQueries>(`/platform/projects/${encodeURIComponent(projectRef)}/running-queries`, { signal })
}

/** Activity goes stale fast: refetched every 5 s while the screen is open. */
export const RUNNING_QUERIES_REFRESH_MS = 5_000

export function runningQueriesQueryOptions(vars: { projectRef?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.activity(vars.projectRef),
    queryFn: ({ signal }) => getRunningQueries(vars, signal),
    staleTime: 0,
    refetchInterval: RUNNING_QUERIES_REFRESH_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export const useRunningQueriesQuery = (vars: { projectRef?: string; enabled?: boolean }) => useQuery(runningQueriesQueryOptions(vars))
