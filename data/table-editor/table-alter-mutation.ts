import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { alterTableSql, type AlterTableInput } from '@/lib/sql/ddl'
import { tableEditorKeys } from './keys'

type Variables = ProjectSqlVariables & { input: AlterTableInput }

/** Alters a table with the SQL the form previews (alterTableSql), in one transaction; no-op without changes. */
export async function alterTable({ projectRef, connectionString, input }: Variables): Promise<void> {
  const sql = alterTableSql(input)
  if (sql) await executeSql({ projectRef, connectionString, sql })
}

export const useTableAlterMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: alterTable, what: 'alter the table', invalidate: tableEditorKeys.afterDdl }, options)
