import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { updateRowSql, type CellInput, type RowKey, type TableRef } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type RowUpdateVariables = ProjectDbVariables & { table: TableRef & { id: number }; rowKey: RowKey; changes: Record<string, CellInput> }

/** Updates one row found by its primary key (updateRowSql); nothing is sent when nothing changed. */
export async function updateRow({ projectRef, connectionString, table, rowKey, changes }: RowUpdateVariables): Promise<void> {
  const sql = updateRowSql(table, rowKey, changes)
  if (sql) await executeSql({ projectRef, connectionString, sql })
}

export function useRowUpdateMutation(options: TableEditorMutationOptions<void, RowUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, RowUpdateVariables>({
    mutationFn: updateRow,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.tableData(vars.projectRef, vars.table.id) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('update the row', options),
  })
}
