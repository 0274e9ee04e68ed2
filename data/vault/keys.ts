/** Cache keys of a project's vault secrets. A revealed value is cached under its own key, never in the list. */
export const vaultKeys = {
  secrets: (projectRef: string | undefined) => ['projects', projectRef, 'vault', 'secrets'] as const,
  value: (projectRef: string | undefined, id: string | undefined) => ['projects', projectRef, 'vault', 'value', id] as const,
  /** After a secret changes or goes: its revealed value is dropped, the list refetched. */
  afterChange: {
    remove: (v: { projectRef: string; id: string }) => [vaultKeys.value(v.projectRef, v.id)],
    invalidate: (v: { projectRef: string }) => [vaultKeys.secrets(v.projectRef)],
  },
}
