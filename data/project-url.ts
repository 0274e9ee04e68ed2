/** `/platform/projects/{ref}/{path}` (`path` already encoded); without a ref the call cannot be made. */
export function projectUrl(projectRef: string | undefined, path: string): string {
  if (!projectRef) throw new Error('Project ref is required')
  return `/platform/projects/${encodeURIComponent(projectRef)}/${path}`
}
