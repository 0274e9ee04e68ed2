import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { defaultMutationErrorToast } from '@/data/mutation'

type DatabaseScriptVariables = ProjectSqlVariables & {
  /** A script built by lib/database (one transaction: nothing is half-applied on an error). */
  sql: string
  /** What the script does, for the failure toast ("enable pg_trgm") and the migration it is recorded as. */
  action: string
}

/** A screen's action as a migration name: `enable pg_trgm` → `enable_pg_trgm`. */
export function migrationNameOf(action: string): string {
  return action.trim().replace(/\s+/g, '_').slice(0, 100) || 'database_change'
}

/**
 * Runs a DDL script the database screens built and previewed; the platform records it in the
 * project's migration history under the action's name, in the script's transaction.
 */
export async function runDatabaseScript({ projectRef, connectionString, sql, action }: DatabaseScriptVariables): Promise<void> {
  await executeSql({ projectRef, connectionString, sql, name: migrationNameOf(action) })
}

/**
 * Runs a database screen's DDL, then refreshes every SQL-backed query of the project (extensions,
 * hooks and wrappers change tables, functions and schemas the other screens list too).
 * STYLE §4: a failure toasts unless the caller shows it in place.
 */
export function useDatabaseScriptMutation(options: Omit<UseMutationOptions<void, ResponseError, DatabaseScriptVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, DatabaseScriptVariables>({
    mutationFn: runDatabaseScript,
    ...options,
    onSuccess: async (data, vars, ctx, mctx) => {
      await queryClient.invalidateQueries({ queryKey: ['projects', vars.projectRef, 'sql'] })
      await options.onSuccess?.(data, vars, ctx, mctx)
    },
    onError: (error, vars, ctx, mctx) => {
      if (options.onError) return options.onError(error, vars, ctx, mctx)
      defaultMutationErrorToast(vars.action, error)
    },
  })
}
