import { defineQuery } from '@/data/query'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { TABLE_STATS_SQL, type TableStat } from '@/lib/advisors/query-performance'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { projectRows } from './project-sql'

/** Scans, rows and size of each user table (pg_stat_user_tables, pg_statio_user_tables). */
export const getTableStats = (vars: ProjectSqlVariables, signal?: AbortSignal) => projectRows<TableStat>(vars, TABLE_STATS_SQL, undefined, signal)

export const { options: tableStatsQueryOptions, use: useTableStatsQuery } = defineQuery((vars: ProjectSqlVariables) => advisorKeys.tableStats(vars.projectRef), getTableStats, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
