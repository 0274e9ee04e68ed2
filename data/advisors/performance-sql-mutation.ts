import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql, type SqlResult } from '@/data/sql/execute-sql'
import { advisorKeys } from './keys'
import type { ProjectSqlVariables } from './project-sql'
import { defaultMutationErrorToast } from '@/data/mutation'

export type PerformanceSqlVariables = ProjectSqlVariables & { sql: string; parameters?: unknown[] }

type Options = Omit<UseMutationOptions<SqlResult, ResponseError, PerformanceSqlVariables>, 'mutationFn'> & {
  /** What the toast says failed, e.g. "cancel the query". */
  action: string
}

/**
 * Runs one statement of the query performance screen (cancel a backend, enable or reset
 * pg_stat_statements) and refreshes the screen's statistics; a toast on failure unless `onError` is given.
 */
export function usePerformanceSqlMutation({ action, onSuccess, onError, ...options }: Options) {
  const queryClient = useQueryClient()
  return useMutation<SqlResult, ResponseError, PerformanceSqlVariables>({
    mutationFn: ({ sql, parameters, ...vars }) => executeSql({ ...vars, sql, parameters }),
    async onSuccess(data, variables, result, context) {
      void queryClient.invalidateQueries({ queryKey: advisorKeys.performance(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast(action, error)
    },
    ...options,
  })
}
