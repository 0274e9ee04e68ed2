import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import {
  EXACT_COUNT_MAX_BYTES,
  EXACT_COUNT_THRESHOLD,
  exactCountSql,
  PUBLICATION_EXISTS_SQL,
  REALTIME_PUBLICATION,
  TABLES_OVERVIEW_SQL,
  type TableOverviewRow,
} from '@/lib/database/tables'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type Variables = ProjectSqlVariables & { schema: string | undefined }

/** A table of the Tables screen: its rows are exact, or the planner's estimate (`rowsEstimated`), or unknown (null). */
export type TableOverview = Omit<TableOverviewRow, 'estimate' | 'count_exactly'> & { rows: number | null; rowsEstimated: boolean }

export type TablesOverview = { tables: TableOverview[]; realtimeAvailable: boolean }

/** The tables of a schema with rows, size, RLS and realtime; the small ones counted exactly in one more statement. */
export async function getTablesOverview({ projectRef, connectionString, schema }: Variables, signal?: AbortSignal): Promise<TablesOverview> {
  if (!schema) throw new Error('Schema is required')
  const db = { projectRef, connectionString }
  const [{ rows }, publication] = [
    await executeSql<TableOverviewRow>({ ...db, sql: TABLES_OVERVIEW_SQL, parameters: [schema, REALTIME_PUBLICATION, EXACT_COUNT_THRESHOLD, EXACT_COUNT_MAX_BYTES] }, signal),
    await executeSql<{ exists: boolean }>({ ...db, sql: PUBLICATION_EXISTS_SQL, parameters: [REALTIME_PUBLICATION] }, signal),
  ]
  const countSql = exactCountSql(rows.filter((r) => r.count_exactly).map((r) => ({ id: Number(r.id), schema: r.schema, name: r.name })))
  const counts = new Map<number, number>()
  if (countSql) {
    const result = await executeSql<{ id: number; count: number }>({ ...db, sql: countSql }, signal)
    for (const row of result.rows) counts.set(Number(row.id), Number(row.count))
  }
  const tables = rows.map(({ estimate, count_exactly: _exact, ...row }) => {
    const id = Number(row.id)
    const exact = counts.get(id)
    return {
      ...row,
      id,
      size_bytes: Number(row.size_bytes),
      rows: exact ?? (estimate === null ? null : Number(estimate)),
      rowsEstimated: exact === undefined && estimate !== null,
    }
  })
  return { tables, realtimeAvailable: Boolean(publication.rows[0]?.exists) }
}

export const { options: tablesOverviewQueryOptions, use: useTablesOverviewQuery } = defineQuery(
  (vars: Variables) => databaseKeys.tables(vars.projectRef, vars.schema),
  getTablesOverview,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef && vars.schema) }
)
