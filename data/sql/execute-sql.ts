import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { post, ResponseError } from '@/data/fetchers'
import { defaultMutationErrorToast } from '@/data/mutation'

export type SqlField = { name: string; dataTypeID: number; type: string | null }

/** What `POST /platform/pg-meta/{ref}/query` answers. */
export type SqlResult<Row = Record<string, unknown>> = {
  rows: Row[]
  fields: SqlField[]
  rowCount: number | null
  command: string | null
  /** More rows than the platform returns (its cap) were produced. */
  truncated: boolean
}

/** A Postgres error as the platform returns it (body of the 400). */
export type SqlErrorBody = {
  message: string
  code: string
  /** 1-based character offset into the query. */
  position: number | null
  detail: string | null
  hint: string | null
  where: string | null
}

export type ExecuteSqlVariables = {
  projectRef: string | undefined
  /** spec §5: sent as x-connection-encrypted; the hosted platform refuses a falsy one. */
  connectionString: string | null | undefined
  sql: string
  parameters?: unknown[]
}

/** Runs SQL on a project's database through the platform. Abortable. */
export async function executeSql<Row = Record<string, unknown>>(
  { projectRef, connectionString, sql, parameters }: ExecuteSqlVariables,
  signal?: AbortSignal
): Promise<SqlResult<Row>> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<SqlResult<Row>>(
    `/platform/pg-meta/${encodeURIComponent(projectRef)}/query`,
    { query: sql, ...(parameters ? { parameters } : {}) },
    { signal, headers: { 'x-connection-encrypted': connectionString ?? '' } }
  )
}

/** The Postgres error details of a failed query, when the failure was one. */
export function sqlErrorOf(error: unknown): SqlErrorBody | null {
  if (!(error instanceof ResponseError)) return null
  const body = error.body as Partial<SqlErrorBody> | undefined
  return body && typeof body.code === 'string' ? (body as SqlErrorBody) : null
}

/** Mutation hook; shows a toast on failure unless the caller handles errors. */
export function useExecuteSqlMutation(options: Omit<UseMutationOptions<SqlResult, ResponseError, ExecuteSqlVariables>, 'mutationFn'> = {}) {
  return useMutation<SqlResult, ResponseError, ExecuteSqlVariables>({
    mutationFn: (vars) => executeSql(vars),
    ...options,
    onError: (error, vars, ctx, mctx) => {
      if (options.onError) return options.onError(error, vars, ctx, mctx)
      defaultMutationErrorToast('run query', error)
    },
  })
}
