import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { dropTableSql, type TableRef } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type TableDropVariables = ProjectDbVariables & { table: TableRef & { id: number }; cascade: boolean }

/** Drops a table (dropTableSql). */
export async function dropTable({ projectRef, connectionString, table, cascade }: TableDropVariables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: dropTableSql(table, { cascade }) })
}

export function useTableDropMutation(options: TableEditorMutationOptions<void, TableDropVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, TableDropVariables>({
    mutationFn: dropTable,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      queryClient.removeQueries({ queryKey: tableEditorKeys.table(vars.projectRef, vars.table.id) })
      queryClient.removeQueries({ queryKey: tableEditorKeys.tableData(vars.projectRef, vars.table.id) })
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(vars.projectRef) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('drop the table', options),
  })
}
