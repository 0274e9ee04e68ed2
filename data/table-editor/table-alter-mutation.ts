import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { alterTableSql, type AlterTableInput } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type TableAlterVariables = ProjectDbVariables & { input: AlterTableInput }

/** Alters a table with the SQL the form previews (alterTableSql), in one transaction; no-op without changes. */
export async function alterTable({ projectRef, connectionString, input }: TableAlterVariables): Promise<void> {
  const sql = alterTableSql(input)
  if (sql) await executeSql({ projectRef, connectionString, sql })
}

export function useTableAlterMutation(options: TableEditorMutationOptions<void, TableAlterVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, TableAlterVariables>({
    mutationFn: alterTable,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(vars.projectRef) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('alter the table', options),
  })
}
