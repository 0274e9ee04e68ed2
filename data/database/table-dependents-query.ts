import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { TABLE_DEPENDENTS_SQL, type TableDependent } from '@/lib/database/tables'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type Variables = ProjectSqlVariables & { id: number | undefined }

/** What DROP TABLE … CASCADE would drop besides the table (views, foreign keys, functions, policies). */
export async function getTableDependents({ projectRef, connectionString, id }: Variables, signal?: AbortSignal): Promise<TableDependent[]> {
  if (id === undefined) throw new Error('Table id is required')
  const { rows } = await executeSql<TableDependent>({ projectRef, connectionString, sql: TABLE_DEPENDENTS_SQL, parameters: [id] }, signal)
  return rows
}

// Asked when the confirmation opens: always fresh.
export const { options: tableDependentsQueryOptions, use: useTableDependentsQuery } = defineQuery(
  (vars: Variables) => databaseKeys.tableDependents(vars.projectRef, vars.id),
  getTableDependents,
  { staleTime: 0, ready: (vars) => Boolean(vars.projectRef) && vars.id !== undefined }
)
