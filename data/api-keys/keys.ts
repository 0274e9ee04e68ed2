/** Cache keys of a project's API: its keys and its API settings (URL, key version), under the project's own. */
export const apiKeysKeys = {
  list: (projectRef: string | undefined) => ['projects', projectRef, 'api-keys'] as const,
  settings: (projectRef: string | undefined) => ['projects', projectRef, 'settings'] as const,
}
