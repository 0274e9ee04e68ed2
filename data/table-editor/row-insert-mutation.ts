import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { insertRowSql, type CellInput, type TableRef } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type RowInsertVariables = ProjectDbVariables & { table: TableRef & { id: number }; values: Record<string, CellInput> }

/** Inserts one row with the SQL the row form previews (insertRowSql), in one transaction. */
export async function insertRow({ projectRef, connectionString, table, values }: RowInsertVariables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql: insertRowSql(table, values) })
}

export function useRowInsertMutation(options: TableEditorMutationOptions<void, RowInsertVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, RowInsertVariables>({
    mutationFn: insertRow,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.tableData(vars.projectRef, vars.table.id) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('insert the row', options),
  })
}
