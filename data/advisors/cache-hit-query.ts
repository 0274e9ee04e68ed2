import { defineQuery } from '@/data/query'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { CACHE_HIT_SQL, type CacheHit } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows } from './project-sql'

/** Block reads of user tables and indexes served from memory versus read in (pg_statio_user_tables). */
export async function getCacheHit(vars: ProjectSqlVariables, signal?: AbortSignal): Promise<CacheHit> {
  const rows = await projectRows<CacheHit>(vars, CACHE_HIT_SQL, undefined, signal)
  return rows[0] ?? { heap_hit: null, heap_read: null, idx_hit: null, idx_read: null, stats_reset: null }
}

export const { options: cacheHitQueryOptions, use: useCacheHitQuery } = defineQuery((vars: ProjectSqlVariables) => advisorKeys.cacheHit(vars.projectRef), getCacheHit, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
