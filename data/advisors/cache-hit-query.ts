import { queryOptions, useQuery } from '@tanstack/react-query'
import { CACHE_HIT_SQL, type CacheHit } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows, type ProjectSqlVariables } from './project-sql'

/** Block reads of user tables and indexes served from memory versus read in (pg_statio_user_tables). */
export async function getCacheHit(vars: ProjectSqlVariables, signal?: AbortSignal): Promise<CacheHit> {
  const rows = await projectRows<CacheHit>(vars, CACHE_HIT_SQL, undefined, signal)
  return rows[0] ?? { heap_hit: null, heap_read: null, idx_hit: null, idx_read: null, stats_reset: null }
}

export function cacheHitQueryOptions(vars: ProjectSqlVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.cacheHit(vars.projectRef),
    queryFn: ({ signal }) => getCacheHit(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export const useCacheHitQuery = (vars: ProjectSqlVariables & { enabled?: boolean }) => useQuery(cacheHitQueryOptions(vars))
