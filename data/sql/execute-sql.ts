import { post, ResponseError } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { SqlErrorBody, SqlQueryBody, SqlResult } from '@/lib/api-types/sql'
import { APPLICATION_NAME_HEADER, DASHBOARD_APPLICATION_NAME } from '@/lib/logs/application-names'

export type { SqlErrorBody, SqlField, SqlResult } from '@/lib/api-types/sql'

/** The project and connection every SQL call runs with. */
export type ProjectSqlVariables = {
  projectRef: string | undefined
  /** spec §5: sent as x-connection-encrypted; the hosted platform refuses a falsy one. */
  connectionString: string | null | undefined
}

export type ExecuteSqlVariables = ProjectSqlVariables & {
  sql: string
  parameters?: unknown[]
  /** The migration name the platform records a schema change under (lib/api-types/sql.ts). */
  name?: string
}

/** Runs SQL on a project's database through the platform. Abortable. */
export async function executeSql<Row = Record<string, unknown>>(
  { projectRef, connectionString, sql, parameters, name }: ExecuteSqlVariables,
  signal?: AbortSignal
): Promise<SqlResult<Row>> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<SqlResult<Row>>(
    `/platform/pg-meta/${encodeURIComponent(projectRef)}/query`,
    { query: sql, ...(parameters ? { parameters } : {}), ...(name ? { name } : {}) } satisfies SqlQueryBody,
    // The dashboard's own statement, as the anchor's dashboard names it: its log line is marked so.
    { signal, headers: { 'x-connection-encrypted': connectionString ?? '', [APPLICATION_NAME_HEADER]: DASHBOARD_APPLICATION_NAME } }
  )
}

/** The Postgres error details of a failed query, when the failure was one. */
export function sqlErrorOf(error: unknown): SqlErrorBody | null {
  if (!(error instanceof ResponseError)) return null
  const body = error.body as Partial<SqlErrorBody> | undefined
  return body && typeof body.code === 'string' ? (body as SqlErrorBody) : null
}

/** Mutation hook; shows a toast on failure unless the caller handles errors. */
export const useExecuteSqlMutation = (options: MutationOptions<SqlResult, ExecuteSqlVariables> = {}) =>
  useDataMutation({ mutationFn: (vars: ExecuteSqlVariables) => executeSql(vars), what: 'run query' }, options)
