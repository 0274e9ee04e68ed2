import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { COLUMN_TYPES_SQL, columnTypeOptions, type ColumnTypeOption, type ColumnTypeRow } from '@/lib/database/column-types'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The types a column can have in this database (built-ins, the user's enums and other types, arrays). */
export async function getColumnTypes({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<ColumnTypeOption[]> {
  const { rows } = await executeSql<ColumnTypeRow>({ projectRef, connectionString, sql: COLUMN_TYPES_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return columnTypeOptions(rows)
}

export const { options: columnTypesQueryOptions, use: useColumnTypesQuery } = defineQuery(
  (vars: ProjectSqlVariables) => databaseKeys.columnTypes(vars.projectRef),
  getColumnTypes,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
