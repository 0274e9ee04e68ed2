/** Cache keys of a project's API: its keys, its API settings (URL, key version) and Data API settings, under the project's own. */
export const apiKeysKeys = {
  list: (projectRef: string | undefined) => ['projects', projectRef, 'api-keys'] as const,
  settings: (projectRef: string | undefined) => ['projects', projectRef, 'settings'] as const,
  postgrest: (projectRef: string | undefined) => ['projects', projectRef, 'config', 'postgrest'] as const,
}
