import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import {
  FOREIGN_DATA_WRAPPERS_SQL,
  FOREIGN_SERVERS_SQL,
  FOREIGN_TABLES_SQL,
  type ForeignDataWrapperRow,
  type ForeignServerRow,
  type ForeignTableRow,
} from '@/lib/database/wrappers'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

export type ForeignData = { wrappers: ForeignDataWrapperRow[]; servers: ForeignServerRow[]; tables: ForeignTableRow[] }

/** The database's foreign data wrappers, foreign servers and foreign tables (three read-only statements). */
export async function getForeignData({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<ForeignData> {
  const run = <Row,>(sql: string) => executeSql<Row>({ projectRef, connectionString, sql, parameters: [] }, signal).then((r) => r.rows)
  const [wrappers, servers, tables] = await Promise.all([
    run<ForeignDataWrapperRow>(FOREIGN_DATA_WRAPPERS_SQL),
    run<ForeignServerRow>(FOREIGN_SERVERS_SQL),
    run<ForeignTableRow>(FOREIGN_TABLES_SQL),
  ])
  return { wrappers, servers, tables }
}

export const { options: foreignDataQueryOptions, use: useForeignDataQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.foreignData(vars.projectRef), getForeignData, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
