/**
 * Cache keys of the SQL snippets (issue 5). The list and the details sit side by side rather
 * than one under the other, so refreshing the list never refetches an open snippet.
 */
export const snippetKeys = {
  list: (projectRef: string | undefined) => ['projects', projectRef, 'snippets', 'list'] as const,
  detail: (projectRef: string | undefined, id: string | undefined) => ['projects', projectRef, 'snippets', 'detail', id] as const,
}
