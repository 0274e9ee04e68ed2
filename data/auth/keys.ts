export const authKeys = {
  settings: () => ['auth', 'settings'] as const,
}
