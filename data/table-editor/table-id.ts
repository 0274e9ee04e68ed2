import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import type { TableRef } from '@/lib/sql/ddl'
import { quoteQualified } from '@/lib/sql/identifiers'

/** The oid of a table by its name (after creating it, to open it); throws when there is none. */
export async function findTableId({ projectRef, connectionString, table }: ProjectSqlVariables & { table: TableRef }): Promise<number> {
  const { rows } = await executeSql<{ id: number | null }>({
    projectRef,
    connectionString,
    sql: 'select to_regclass($1)::oid::int8 as id',
    parameters: [quoteQualified(table.schema, table.name)],
  })
  const id = rows[0]?.id
  if (id === null || id === undefined) throw new Error(`The table ${table.schema}.${table.name} was not found after creating it`)
  return Number(id)
}
