import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import type { ProjectLogsResponse } from '@/lib/api-types/logs'
import { functionsKeys } from './keys'

/** A function's logs are watched "live": fetched again this often while its tab is open. */
export const FUNCTION_LOGS_REFETCH_MS = 3_000
/** How far back the function's page looks. */
export const FUNCTION_LOGS_RANGE_MS = 24 * 60 * 60 * 1000
const FUNCTION_LOGS_LIMIT = 200
export const FUNCTION_LOG_SOURCES = ['function_edge_logs', 'function_logs']

type Vars = { projectRef?: string; functionId?: string }

/** GET /platform/projects/{ref}/logs for one function's invocation and console lines, newest first. */
export async function getFunctionLogs({ projectRef, functionId }: Vars, signal?: AbortSignal): Promise<ProjectLogsResponse> {
  if (!functionId) throw new Error('Function id is required')
  const now = Date.now()
  return get<ProjectLogsResponse>(projectUrl(projectRef, 'logs'), {
    signal,
    query: {
      source: FUNCTION_LOG_SOURCES,
      function_id: functionId,
      iso_timestamp_start: new Date(now - FUNCTION_LOGS_RANGE_MS).toISOString(),
      iso_timestamp_end: new Date(now).toISOString(),
      limit: FUNCTION_LOGS_LIMIT,
    },
  })
}

export function functionLogsQueryOptions({ projectRef, functionId, live }: Vars & { live: boolean }) {
  return queryOptions({
    queryKey: functionsKeys.logs(projectRef, functionId),
    queryFn: ({ signal }) => getFunctionLogs({ projectRef, functionId }, signal),
    staleTime: 0,
    refetchInterval: live ? FUNCTION_LOGS_REFETCH_MS : false,
    refetchIntervalInBackground: false,
    enabled: Boolean(projectRef && functionId),
  })
}

/** The function's lines, refetched every few seconds while `live` (the tab is shown and the window visible). */
export function useFunctionLogsQuery(vars: Vars & { live: boolean }) {
  return useQuery(functionLogsQueryOptions(vars))
}
