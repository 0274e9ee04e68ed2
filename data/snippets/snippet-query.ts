import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { snippetKeys } from './keys'
import type { Snippet } from '@/lib/api-types/snippets'

export type { Snippet } from '@/lib/api-types/snippets'

/** GET /platform/projects/{ref}/snippets/{id}. */
export async function getSnippet({ projectRef, id }: { projectRef?: string; id?: string }, signal?: AbortSignal): Promise<Snippet> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Snippet id is required')
  return get<Snippet>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets/${encodeURIComponent(id)}`, { signal })
}

export function snippetQueryOptions({ projectRef, id }: { projectRef?: string; id?: string }) {
  return queryOptions({
    queryKey: snippetKeys.detail(projectRef, id),
    queryFn: ({ signal }) => getSnippet({ projectRef, id }, signal),
    staleTime: DEFAULT_STALE_TIME_MS, // spec §9 default: 60 s; saves write the answer into the cache
    enabled: Boolean(projectRef && id),
    // The editor holds the text being typed; a focus refetch must not race an autosave.
    refetchOnWindowFocus: false,
  })
}

export function useSnippetQuery({ projectRef, id }: { projectRef?: string; id?: string }) {
  return useQuery(snippetQueryOptions({ projectRef, id }))
}
