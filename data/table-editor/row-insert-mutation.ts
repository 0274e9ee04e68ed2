import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { type TableRef } from '@/lib/sql/ddl'
import { insertRowSql, type CellInput } from '@/lib/sql/row-dml'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { table: TableRef & { id: number }; values: Record<string, CellInput> }

/** Inserts one row with the SQL the row form previews (insertRowSql), in one transaction. */
export async function insertRow({ projectRef, connectionString, table, values }: Variables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: insertRowSql(table, values) })
}

export const useRowInsertMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: insertRow, what: 'insert the row', invalidate: tableEditorKeys.afterRowChange }, options)
