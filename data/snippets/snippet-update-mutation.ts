import { patch } from '@/data/fetchers'
import { storeSnippet } from './snippet-cache'
import type { Snippet } from './snippet-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SnippetUpdateVariables = { projectRef: string; id: string; name?: string; sql?: string; favorite?: boolean }

/** PATCH /platform/projects/{ref}/snippets/{id} {name?, sql?, favorite?}. */
export async function updateSnippet({ projectRef, id, ...changes }: SnippetUpdateVariables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  return patch<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`, changes)
}

/** Renames, saves or (un)favourites a snippet; a default error toast unless `onError` is given. */
export function useSnippetUpdateMutation(options: MutationOptions<Snippet, SnippetUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateSnippet,
      what: 'update snippet',
      async onSuccess(data, _variables, queryClient) {
        storeSnippet(queryClient, data)
      },
    },
    options
  )
}
