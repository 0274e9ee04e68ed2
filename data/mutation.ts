import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { ResponseError } from '@/data/fetchers'

/** What a caller may pass to a mutation hook of `data/` (everything but the mutation function); calls other than the platform's (e.g. the auth client's) fail with their own `Failure`. */
export type MutationOptions<Data, Variables, Failure extends Error = ResponseError> = Omit<UseMutationOptions<Data, Failure, Variables>, 'mutationFn'>

/** STYLE §4: the default error toast of a mutation, "Failed to {what}: {message}". */
export function defaultMutationErrorToast(what: string, error: { message: string }): void {
  toast.error(`Failed to ${what}: ${error.message}`)
}

/**
 * The one shape of every mutation hook in `data/`: runs `mutationFn`, then the domain's cache
 * updates (`onSuccess` with the query client), then the caller's `onSuccess`. A failure shows the
 * default error toast unless the caller handles it (`onError`, e.g. to show it in place).
 */
export function useDataMutation<Data, Variables, Failure extends Error = ResponseError>(
  spec: {
    mutationFn: (variables: Variables) => Promise<Data>
    /** The toast's "Failed to {what}: ...". */
    what: string
    onSuccess?: (data: Data, variables: Variables, queryClient: QueryClient) => unknown
  },
  { onSuccess, onError, ...options }: MutationOptions<Data, Variables, Failure> = {}
) {
  const queryClient = useQueryClient()
  return useMutation<Data, Failure, Variables>({
    mutationFn: spec.mutationFn,
    async onSuccess(data, variables, result, context) {
      await spec.onSuccess?.(data, variables, queryClient)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast(spec.what, error)
    },
    ...options,
  })
}
