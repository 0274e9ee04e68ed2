import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { type TableRef } from '@/lib/sql/ddl'
import { updateRowSql, type CellInput, type RowKey } from '@/lib/sql/row-dml'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { table: TableRef & { id: number }; rowKey: RowKey; changes: Record<string, CellInput> }

/** Updates one row found by its primary key (updateRowSql); nothing is sent when nothing changed. */
export async function updateRow({ projectRef, connectionString, table, rowKey, changes }: Variables): Promise<void> {
  const sql = updateRowSql(table, rowKey, changes)
  if (sql) await executeSql({ projectRef, connectionString, sql })
}

export const useRowUpdateMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: updateRow, what: 'update the row', invalidate: tableEditorKeys.afterRowChange }, options)
