import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import type { ResponseError } from '@/data/fetchers'
import { tableEditorKeys } from '@/data/table-editor/keys'
import { graphqlRequest, type GraphqlRequestVariables, type GraphqlResponse } from './graphql-request'
import { defaultMutationErrorToast } from '@/data/mutation'

/**
 * Runs an operation of the explorer. GraphQL errors are part of the answer (shown in the result
 * panel); an HTTP failure toasts unless the caller handles it. A mutation changes rows, so the
 * table editor's cached rows of the project are refreshed.
 */
export function useGraphqlRunMutation(options: Omit<UseMutationOptions<GraphqlResponse, ResponseError, GraphqlRequestVariables>, 'mutationFn'> = {}) {
  const queryClient = useQueryClient()
  return useMutation<GraphqlResponse, ResponseError, GraphqlRequestVariables>({
    mutationFn: (vars) => graphqlRequest(vars),
    ...options,
    onSuccess: async (data, vars, ...rest) => {
      if (/^\s*mutation\b/m.test(vars.query)) await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(vars.projectRef) })
      await options.onSuccess?.(data, vars, ...rest)
    },
    onError: (error, vars, ...rest) => {
      if (options.onError) options.onError(error, vars, ...rest)
      else defaultMutationErrorToast('run the GraphQL operation', error)
    },
  })
}
