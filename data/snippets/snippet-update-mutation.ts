import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { Snippet, UpdateSnippetBody } from '@/lib/api-types/snippets'
import { storeSnippet } from './snippet-cache'

type Variables = { projectRef: string; id: string } & UpdateSnippetBody

/** PATCH /platform/projects/{ref}/snippets/{id} {name?, sql?, favorite?}. */
export async function updateSnippet({ projectRef, id, ...changes }: Variables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  return patch<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`, changes)
}

/** Renames, saves or (un)favourites a snippet; a default error toast unless `onError` is given. */
export const useSnippetUpdateMutation = (options: MutationOptions<Snippet, Variables> = {}) =>
  useDataMutation<Snippet, Variables>({ mutationFn: updateSnippet, what: 'update snippet', onSuccess: (data, _v, queryClient) => storeSnippet(queryClient, data) }, options)
