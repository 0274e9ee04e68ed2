import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql } from '@/data/sql/execute-sql'
import { createTableSql, type ColumnSpec, type TableRef } from '@/lib/sql/ddl'
import { quoteQualified } from '@/lib/sql/identifiers'
import { tableEditorKeys } from './keys'
import { withDefaultErrorToast, type ProjectDbVariables, type TableEditorMutationOptions } from './mutation-options'

export type TableCreateVariables = ProjectDbVariables & { table: TableRef; columns: ColumnSpec[] }
export type TableCreateData = { id: number }

/** Creates a table with the SQL the form previews (createTableSql) and answers its oid. */
export async function createTable({ projectRef, connectionString, table, columns }: TableCreateVariables): Promise<TableCreateData> {
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

export function useTableCreateMutation(options: TableEditorMutationOptions<TableCreateData, TableCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation<TableCreateData, ResponseError, TableCreateVariables>({
    mutationFn: createTable,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(vars.projectRef) })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    ...withDefaultErrorToast('create the table', options),
  })
}
