import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { createTableSql, type ColumnSpec, type TableRef } from '@/lib/sql/ddl'
import { quoteQualified } from '@/lib/sql/identifiers'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { table: TableRef; columns: ColumnSpec[] }
type TableCreateData = { id: number }

/** Creates a table with the SQL the form previews (createTableSql) and answers its oid. */
export async function createTable({ projectRef, connectionString, table, columns }: Variables): Promise<TableCreateData> {
  await executeSql({ projectRef, connectionString, sql: createTableSql(table, columns) })
  const { rows } = await executeSql<{ id: number | null }>({
    projectRef,
    connectionString,
    sql: 'select to_regclass($1)::oid::int8 as id',
    parameters: [quoteQualified(table.schema, table.name)],
  })
  const id = rows[0]?.id
  if (id === null || id === undefined) throw new Error(`The table ${table.schema}.${table.name} was not found after creating it`)
  return { id: Number(id) }
}

export const useTableCreateMutation = (options: MutationOptions<TableCreateData, Variables> = {}) =>
  useCacheMutation({ mutationFn: createTable, what: 'create the table', invalidate: tableEditorKeys.afterDdl }, options)
