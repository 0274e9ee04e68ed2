import { del } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { forgetSnippet } from './snippet-cache'

type Variables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/snippets/{id}. */
export async function deleteSnippet({ projectRef, id }: Variables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`)
}

/** Deletes a snippet and drops it from the caches; a default error toast unless `onError` is given. */
export const useSnippetDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useDataMutation<void, Variables>({ mutationFn: deleteSnippet, what: 'delete snippet', onSuccess: (_d, v, queryClient) => forgetSnippet(queryClient, v.projectRef, v.id) }, options)
