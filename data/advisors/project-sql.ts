import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'

/** Rows of one read query on the project's database. */
export async function projectRows<Row>(vars: ProjectSqlVariables, sql: string, parameters?: unknown[], signal?: AbortSignal): Promise<Row[]> {
  if (!vars.projectRef) throw new Error('Project ref is required')
  const { rows } = await executeSql<Row>({ ...vars, sql, parameters }, signal)
  return rows
}
