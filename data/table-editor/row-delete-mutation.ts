import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { type TableRef } from '@/lib/sql/ddl'
import { deleteRowsSql, type RowKey } from '@/lib/sql/row-dml'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { table: TableRef & { id: number }; rowKeys: RowKey[] }

/** Deletes rows by primary key (deleteRowsSql), all or none. */
export async function deleteRows({ projectRef, connectionString, table, rowKeys }: Variables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: deleteRowsSql(table, rowKeys) })
}

export const useRowDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: deleteRows, what: 'delete the rows', invalidate: tableEditorKeys.afterRowChange }, options)
