import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { COLUMN_PRIVILEGES_SQL, privilegeGrid, type ColumnPrivilegeRow, type PrivilegeGridColumn } from '@/lib/database/column-privileges'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type ColumnPrivilegesVariables = ProjectSqlVariables & { schema: string | undefined; table: string | undefined; role: string | undefined }

/** A role's privileges on each column of a table. */
export async function getColumnPrivileges({ projectRef, connectionString, schema, table, role }: ColumnPrivilegesVariables, signal?: AbortSignal): Promise<PrivilegeGridColumn[]> {
  if (!schema || !table) throw new Error('Table is required')
  if (!role) throw new Error('Role is required')
  const { rows } = await executeSql<ColumnPrivilegeRow>({ projectRef, connectionString, sql: COLUMN_PRIVILEGES_SQL, parameters: [schema, table, role] }, signal)
  return privilegeGrid(rows)
}

export const { options: columnPrivilegesQueryOptions, use: useColumnPrivilegesQuery } = defineQuery((vars: ColumnPrivilegesVariables) => databaseKeys.columnPrivileges(vars.projectRef, { schema: vars.schema, name: vars.table }, vars.role), getColumnPrivileges, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef && vars.schema && vars.table && vars.role),
})
