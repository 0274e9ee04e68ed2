import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { snippetKeys } from './keys'
import { storeSnippet } from './snippet-cache'
import type { Snippet } from './snippet-query'

export type SnippetCreateVariables = { projectRef: string; name: string; sql: string }

/** POST /platform/projects/{ref}/snippets {name, sql}. */
export async function createSnippet({ projectRef, name, sql }: SnippetCreateVariables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets`, { name, sql })
}

type Options = Omit<UseMutationOptions<Snippet, ResponseError, SnippetCreateVariables>, 'mutationFn'>

/** Creates a snippet and puts it in the caches; a default error toast unless `onError` is given. */
export function useSnippetCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Snippet, ResponseError, SnippetCreateVariables>({
    mutationFn: createSnippet,
    async onSuccess(data, variables, result, context) {
      storeSnippet(queryClient, data)
      void queryClient.invalidateQueries({ queryKey: snippetKeys.list(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to create snippet: ${error.message}`)
    },
    ...options,
  })
}
