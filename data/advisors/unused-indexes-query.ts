import { defineQuery } from '@/data/query'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { UNUSED_INDEXES_SQL, type UnusedIndex } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows } from './project-sql'

/** Indexes never scanned since the statistics were reset (pg_stat_user_indexes.idx_scan = 0). */
export const getUnusedIndexes = (vars: ProjectSqlVariables, signal?: AbortSignal) => projectRows<UnusedIndex>(vars, UNUSED_INDEXES_SQL, undefined, signal)

export const { options: unusedIndexesQueryOptions, use: useUnusedIndexesQuery } = defineQuery((vars: ProjectSqlVariables) => advisorKeys.unusedIndexes(vars.projectRef), getUnusedIndexes, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
