import { get } from '@/data/fetchers'
import type { SnippetSummary } from '@/lib/api-types/snippets'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { snippetKeys } from './keys'
import { defineQuery } from '@/data/query'

export type { SnippetSummary } from '@/lib/api-types/snippets'

/** GET /platform/projects/{ref}/snippets: the caller's snippets, favourites first, then by name. */
export async function getSnippets({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<SnippetSummary[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<SnippetSummary[]>(`/platform/projects/${encodeURIComponent(projectRef)}/snippets`, { signal })
}

export const { options: snippetsQueryOptions, use: useSnippetsQuery } = defineQuery(({ projectRef }: { projectRef?: string }) => snippetKeys.list(projectRef), getSnippets, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef),
})

/** The list order of the platform: favourites first, then by name ignoring case. */
export function sortSnippets<T extends Pick<SnippetSummary, 'favorite' | 'name'>>(snippets: readonly T[]): T[] {
  return [...snippets].sort((a, b) => Number(b.favorite) - Number(a.favorite) || a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
}
