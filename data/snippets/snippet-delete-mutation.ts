import { del } from '@/data/fetchers'
import { forgetSnippet } from './snippet-cache'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SnippetDeleteVariables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/snippets/{id}. */
export async function deleteSnippet({ projectRef, id }: SnippetDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`)
}

/** Deletes a snippet and drops it from the caches; a default error toast unless `onError` is given. */
export function useSnippetDeleteMutation(options: MutationOptions<void, SnippetDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteSnippet,
      what: 'delete snippet',
      async onSuccess(_data, variables, queryClient) {
        forgetSnippet(queryClient, variables.projectRef, variables.id)
      },
    },
    options
  )
}
