import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import { storeSnippet } from './snippet-cache'
import type { Snippet } from './snippet-query'

export type SnippetUpdateVariables = { projectRef: string; id: string; name?: string; sql?: string; favorite?: boolean }

/** PATCH /platform/projects/{ref}/snippets/{id} {name?, sql?, favorite?}. */
export async function updateSnippet({ projectRef, id, ...changes }: SnippetUpdateVariables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  return patch<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`, changes)
}

type Options = Omit<UseMutationOptions<Snippet, ResponseError, SnippetUpdateVariables>, 'mutationFn'>

/** Renames, saves or (un)favourites a snippet; a default error toast unless `onError` is given. */
export function useSnippetUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Snippet, ResponseError, SnippetUpdateVariables>({
    mutationFn: updateSnippet,
    async onSuccess(data, variables, result, context) {
      storeSnippet(queryClient, data)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to update snippet: ${error.message}`)
    },
    ...options,
  })
}
