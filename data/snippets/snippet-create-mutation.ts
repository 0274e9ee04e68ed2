import { post } from '@/data/fetchers'
import { snippetKeys } from './keys'
import { storeSnippet } from './snippet-cache'
import type { Snippet } from './snippet-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SnippetCreateVariables = { projectRef: string; name: string; sql: string }

/** POST /platform/projects/{ref}/snippets {name, sql}. */
export async function createSnippet({ projectRef, name, sql }: SnippetCreateVariables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets`, { name, sql })
}

/** Creates a snippet and puts it in the caches; a default error toast unless `onError` is given. */
export function useSnippetCreateMutation(options: MutationOptions<Snippet, SnippetCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createSnippet,
      what: 'create snippet',
      async onSuccess(data, variables, queryClient) {
        storeSnippet(queryClient, data)
        void queryClient.invalidateQueries({ queryKey: snippetKeys.list(variables.projectRef) })
      },
    },
    options
  )
}
