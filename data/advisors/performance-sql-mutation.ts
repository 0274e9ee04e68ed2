import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { executeSql, type ExecuteSqlVariables, type SqlResult } from '@/data/sql/execute-sql'
import { advisorKeys } from './keys'

type Options = MutationOptions<SqlResult, ExecuteSqlVariables> & {
  /** What the toast says failed, e.g. "cancel the query". */
  action: string
}

/**
 * Runs one statement of the query performance screen (cancel a backend, enable or reset
 * pg_stat_statements) and refreshes the screen's statistics; a toast on failure unless `onError` is given.
 */
export function usePerformanceSqlMutation({ action, ...options }: Options) {
  return useDataMutation<SqlResult, ExecuteSqlVariables>(
    {
      mutationFn: ({ sql, parameters, ...vars }) => executeSql({ ...vars, sql, parameters }),
      what: action,
      onSuccess(_data, variables, queryClient) {
        void queryClient.invalidateQueries({ queryKey: advisorKeys.performance(variables.projectRef) })
      },
    },
    options
  )
}
