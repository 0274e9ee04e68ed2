import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { INDEX_COLUMNS_SQL, INDEX_METHODS_SQL, toIndexColumn, type IndexColumn, type IndexColumnRow, type IndexMethodRow } from '@/lib/database/indexes'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

/** The index methods the server has (pg_am) and whether each can be unique or hold several columns. */
export async function getIndexMethods({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<IndexMethodRow[]> {
  const { rows } = await executeSql<IndexMethodRow>({ projectRef, connectionString, sql: INDEX_METHODS_SQL, parameters: [] }, signal)
  return rows
}

export const { options: indexMethodsQueryOptions, use: useIndexMethodsQuery } = defineQuery((vars: ProjectSqlVariables) => databaseKeys.indexMethods(vars.projectRef), getIndexMethods, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})

type IndexColumnsVariables = ProjectSqlVariables & { schema: string | undefined; table: string | undefined }

/** A table's columns with the index methods each can use without naming an operator class. */
export async function getIndexColumns({ projectRef, connectionString, schema, table }: IndexColumnsVariables, signal?: AbortSignal): Promise<IndexColumn[]> {
  if (!schema || !table) throw new Error('Table is required')
  const { rows } = await executeSql<IndexColumnRow>({ projectRef, connectionString, sql: INDEX_COLUMNS_SQL, parameters: [schema, table] }, signal)
  return rows.map(toIndexColumn)
}

export const { options: indexColumnsQueryOptions, use: useIndexColumnsQuery } = defineQuery(
  (vars: IndexColumnsVariables) => databaseKeys.indexColumns(vars.projectRef, vars.schema, vars.table),
  getIndexColumns,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef && vars.schema && vars.table) }
)
