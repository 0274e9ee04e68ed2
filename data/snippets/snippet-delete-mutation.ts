import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { forgetSnippet } from './snippet-cache'

export type SnippetDeleteVariables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/snippets/{id}. */
export async function deleteSnippet({ projectRef, id }: SnippetDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, SnippetDeleteVariables>, 'mutationFn'>

/** Deletes a snippet and drops it from the caches; a default error toast unless `onError` is given. */
export function useSnippetDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, SnippetDeleteVariables>({
    mutationFn: deleteSnippet,
    async onSuccess(data, variables, result, context) {
      forgetSnippet(queryClient, variables.projectRef, variables.id)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to delete snippet: ${error.message}`)
    },
    ...options,
  })
}
