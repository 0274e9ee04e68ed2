import type { QueryClient } from '@tanstack/react-query'
import { snippetKeys } from './keys'
import type { Snippet, SnippetSummary } from '@/lib/api-types/snippets'
import { sortSnippets } from './snippets-query'

/** Puts a snippet the platform answered into the detail cache and the list (kept in the list's order). */
export function storeSnippet(queryClient: QueryClient, snippet: Snippet): void {
  const { sql: _sql, ...summary } = snippet
  queryClient.setQueryData<Snippet>(snippetKeys.detail(snippet.project_ref, snippet.id), snippet)
  queryClient.setQueryData<SnippetSummary[]>(snippetKeys.list(snippet.project_ref), (list) => {
    if (!list) return list
    const others = list.filter((s) => s.id !== snippet.id)
    return sortSnippets([...others, summary])
  })
}

/** Takes a deleted snippet out of both caches. */
export function forgetSnippet(queryClient: QueryClient, projectRef: string, id: string): void {
  queryClient.removeQueries({ queryKey: snippetKeys.detail(projectRef, id), exact: true })
  queryClient.setQueryData<SnippetSummary[]>(snippetKeys.list(projectRef), (list) => list?.filter((s) => s.id !== id))
}
