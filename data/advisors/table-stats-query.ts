import { queryOptions, useQuery } from '@tanstack/react-query'
import { TABLE_STATS_SQL, type TableStat } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows, type ProjectSqlVariables } from './project-sql'

/** Scans, rows and size of each user table (pg_stat_user_tables, pg_statio_user_tables). */
export const getTableStats = (vars: ProjectSqlVariables, signal?: AbortSignal) => projectRows<TableStat>(vars, TABLE_STATS_SQL, undefined, signal)

export function tableStatsQueryOptions(vars: ProjectSqlVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.tableStats(vars.projectRef),
    queryFn: ({ signal }) => getTableStats(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export const useTableStatsQuery = (vars: ProjectSqlVariables & { enabled?: boolean }) => useQuery(tableStatsQueryOptions(vars))
