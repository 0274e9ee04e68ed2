import type { QueryKey } from '@tanstack/react-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

/** What every mutation hook names: what it runs and, for its error toast, what it does. */
type MutationBase<Data, Variables> = { mutationFn: (variables: Variables) => Promise<Data>; what: string }

/**
 * A mutation whose only cache work is by key: once it succeeds, the `remove` keys are dropped
 * (e.g. a deleted resource's own entries), then the `invalidate` keys are refetched. Everything
 * else (the default error toast, the caller's callbacks) is `useDataMutation`'s.
 */
export function useCacheMutation<Data, Variables>(
  { invalidate, remove, ...base }: MutationBase<Data, Variables> & { invalidate: (variables: Variables) => QueryKey[]; remove?: (variables: Variables) => QueryKey[] },
  options: MutationOptions<Data, Variables> = {}
) {
  const onSuccess: Parameters<typeof useDataMutation<Data, Variables>>[0]['onSuccess'] = async (_data, variables, queryClient) => {
    for (const queryKey of remove?.(variables) ?? []) queryClient.removeQueries({ queryKey })
    await Promise.all(invalidate(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
  }
  return useDataMutation<Data, Variables>({ ...base, onSuccess }, options)
}

/**
 * A mutation that rewrites one cached list in place once it succeeds (`update` gets the list, the
 * answer and the variables; nothing is written while the list is not cached), then refetches the
 * `invalidate` keys, each exactly.
 */
export function useListMutation<Item, Data, Variables>(
  {
    list,
    update,
    invalidate,
    ...base
  }: MutationBase<Data, Variables> & {
    list: (variables: Variables) => QueryKey
    update: (list: Item[], data: Data, variables: Variables) => Item[]
    invalidate?: (variables: Variables) => QueryKey[]
  },
  options: MutationOptions<Data, Variables> = {}
) {
  return useDataMutation<Data, Variables>(
    {
      ...base,
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData<Item[]>(list(variables), (cached) => cached && update(cached, data, variables))
        await Promise.all((invalidate?.(variables) ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })))
      },
    },
    options
  )
}
