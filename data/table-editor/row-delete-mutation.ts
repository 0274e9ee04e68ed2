import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { deleteRowsSql, type RowKey, type TableRef } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type RowDeleteVariables = ProjectDbVariables & { table: TableRef & { id: number }; rowKeys: RowKey[] }

/** Deletes rows by primary key (deleteRowsSql), all or none. */
export async function deleteRows({ projectRef, connectionString, table, rowKeys }: RowDeleteVariables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: deleteRowsSql(table, rowKeys) })
}

export function useRowDeleteMutation(options: TableEditorMutationOptions<void, RowDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, RowDeleteVariables>({
    mutationFn: deleteRows,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.tableData(vars.projectRef, vars.table.id) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('delete the rows', options),
  })
}
