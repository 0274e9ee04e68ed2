export const aiKeys = {
  status: (projectRef: string | undefined) => ['projects', projectRef, 'ai', 'status'] as const,
}
