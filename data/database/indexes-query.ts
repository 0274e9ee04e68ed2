import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { INDEXES_SQL, type IndexRow } from '@/lib/database/indexes'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** Indexes of the project's tables with their definition, method, size and scans. */
export async function getIndexes({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<IndexRow[]> {
  const { rows } = await executeSql<IndexRow>({ projectRef, connectionString, sql: INDEXES_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes), scans: Number(row.scans) }))
}

export const { options: indexesQueryOptions, use: useIndexesQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.indexes(vars.projectRef), getIndexes, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
