/** Cache keys of a project's realtime figures (the inspector's token is never cached). */
export const realtimeKeys = {
  stats: (projectRef: string | undefined) => ['projects', projectRef, 'realtime', 'stats'] as const,
}
