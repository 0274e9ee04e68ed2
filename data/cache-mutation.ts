import type { QueryKey } from '@tanstack/react-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

/**
 * A mutation whose only cache work is by key: once it succeeds, the `remove` keys are dropped
 * (e.g. a deleted resource's own entries), then the `invalidate` keys are refetched. Everything
 * else (the default error toast, the caller's callbacks) is `useDataMutation`'s.
 */
export function useCacheMutation<Data, Variables>(
  spec: {
    mutationFn: (variables: Variables) => Promise<Data>
    what: string
    invalidate: (variables: Variables) => QueryKey[]
    remove?: (variables: Variables) => QueryKey[]
  },
  options: MutationOptions<Data, Variables> = {}
) {
  return useDataMutation<Data, Variables>(
    {
      mutationFn: spec.mutationFn,
      what: spec.what,
      async onSuccess(_data, variables, queryClient) {
        for (const queryKey of spec.remove?.(variables) ?? []) queryClient.removeQueries({ queryKey })
        await Promise.all(spec.invalidate(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      },
    },
    options
  )
}
