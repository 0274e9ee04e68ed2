import { tableEditorKeys } from '@/data/table-editor/keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { graphqlRequest, type GraphqlRequestVariables, type GraphqlResponse } from './graphql-request'

/**
 * Runs an operation of the explorer. GraphQL errors are part of the answer (shown in the result
 * panel); an HTTP failure toasts unless the caller handles it. A mutation changes rows, so the
 * table editor's cached rows of the project are refreshed.
 */
export function useGraphqlRunMutation(options: MutationOptions<GraphqlResponse, GraphqlRequestVariables> = {}) {
  return useDataMutation<GraphqlResponse, GraphqlRequestVariables>(
    {
      mutationFn: (vars) => graphqlRequest(vars),
      what: 'run the GraphQL operation',
      async onSuccess(_data, vars, queryClient) {
        if (/^\s*mutation\b/m.test(vars.query)) await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(vars.projectRef) })
      },
    },
    options
  )
}
