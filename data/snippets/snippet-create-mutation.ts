import type { QueryClient } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { CreateSnippetBody, Snippet } from '@/lib/api-types/snippets'
import { snippetKeys } from './keys'
import { storeSnippet } from './snippet-cache'

type Variables = { projectRef: string } & Required<CreateSnippetBody>

/** POST /platform/projects/{ref}/snippets {name, sql}. */
export async function createSnippet({ projectRef, name, sql }: Variables): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets`, { name, sql })
}

/** The new snippet goes into the caches; the list is refetched too. */
function onSuccess(data: Snippet, variables: Variables, queryClient: QueryClient) {
  storeSnippet(queryClient, data)
  void queryClient.invalidateQueries({ queryKey: snippetKeys.list(variables.projectRef) })
}

/** Creates a snippet and puts it in the caches; a default error toast unless `onError` is given. */
export const useSnippetCreateMutation = (options: MutationOptions<Snippet, Variables> = {}) =>
  useDataMutation({ mutationFn: createSnippet, what: 'create snippet', onSuccess }, options)
