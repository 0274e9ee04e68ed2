import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { dropTableSql, type TableRef } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { table: TableRef & { id: number }; cascade: boolean }

/** Drops a table (dropTableSql). */
export async function dropTable({ projectRef, connectionString, table, cascade }: Variables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: dropTableSql(table, { cascade }) })
}

/** The dropped table's own entries go; everything else of the table editor is refetched. */
const remove = ({ projectRef, table }: Variables) => [tableEditorKeys.table(projectRef, table.id), tableEditorKeys.tableData(projectRef, table.id)]

export const useTableDropMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: dropTable, what: 'drop the table', remove, invalidate: tableEditorKeys.afterDdl }, options)
