import { queryOptions, useQuery } from '@tanstack/react-query'
import { UNUSED_INDEXES_SQL, type UnusedIndex } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows, type ProjectSqlVariables } from './project-sql'

/** Indexes never scanned since the statistics were reset (pg_stat_user_indexes.idx_scan = 0). */
export const getUnusedIndexes = (vars: ProjectSqlVariables, signal?: AbortSignal) => projectRows<UnusedIndex>(vars, UNUSED_INDEXES_SQL, undefined, signal)

export function unusedIndexesQueryOptions(vars: ProjectSqlVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.unusedIndexes(vars.projectRef),
    queryFn: ({ signal }) => getUnusedIndexes(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export const useUnusedIndexesQuery = (vars: ProjectSqlVariables & { enabled?: boolean }) => useQuery(unusedIndexesQueryOptions(vars))
