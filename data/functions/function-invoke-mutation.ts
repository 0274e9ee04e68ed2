import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { InvokeFunctionBody, InvokeFunctionResponse } from '@/lib/api-types/functions'
import { functionPath, functionsKeys } from './keys'

type Variables = { projectRef: string; slug: string; request: InvokeFunctionBody; functionId?: string }

/** POST /platform/projects/{ref}/functions/{slug}/invoke: the server calls the function with the role's key. */
export async function invokeFunction({ projectRef, slug, request }: Variables): Promise<InvokeFunctionResponse> {
  return post<InvokeFunctionResponse>(functionPath(projectRef, slug, 'invoke'), request)
}

/** A test call; its log lines and the list's counts are refetched after it. */
export const useFunctionInvokeMutation = (options: MutationOptions<InvokeFunctionResponse, Variables> = {}) =>
  useDataMutation(
    {
      mutationFn: invokeFunction,
      what: 'invoke function',
      onSuccess: (_data, v, queryClient) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: functionsKeys.logs(v.projectRef, v.functionId) }),
          queryClient.invalidateQueries({ queryKey: functionsKeys.list(v.projectRef) }),
        ]),
    },
    options
  )
