import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { CancelQueryResponse } from '@/lib/api-types/advisors'
import { advisorKeys } from './keys'

type Variables = { projectRef: string; pid: number }

/** POST /platform/projects/{ref}/running-queries/{pid}/cancel (Developers and above). */
export async function cancelRunningQuery({ projectRef, pid }: Variables): Promise<CancelQueryResponse> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<CancelQueryResponse>(`/platform/projects/${encodeURIComponent(projectRef)}/running-queries/${pid}/cancel`, {})
}

/** Cancels a running statement; the list is read again at once. */
export function useCancelQueryMutation(options: MutationOptions<CancelQueryResponse, Variables> = {}) {
  return useDataMutation<CancelQueryResponse, Variables>(
    {
      mutationFn: cancelRunningQuery,
      what: 'cancel the query',
      onSuccess(_result, variables, queryClient) {
        void queryClient.invalidateQueries({ queryKey: advisorKeys.activity(variables.projectRef) })
      },
    },
    options
  )
}
