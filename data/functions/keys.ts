/** Cache keys of a project's Edge Functions and their secrets. */
export const functionsKeys = {
  all: (projectRef: string | undefined) => ['projects', projectRef, 'functions'] as const,
  list: (projectRef: string | undefined) => ['projects', projectRef, 'functions', 'list'] as const,
  detail: (projectRef: string | undefined, slug: string | undefined) => ['projects', projectRef, 'functions', 'detail', slug] as const,
  versions: (projectRef: string | undefined, slug: string | undefined) => ['projects', projectRef, 'functions', 'versions', slug] as const,
  version: (projectRef: string | undefined, slug: string | undefined, version: number | undefined) =>
    ['projects', projectRef, 'functions', 'version', slug, version] as const,
  logs: (projectRef: string | undefined, functionId: string | undefined) => ['projects', projectRef, 'functions', 'logs', functionId] as const,
  secrets: (projectRef: string | undefined) => ['projects', projectRef, 'functions', 'secrets'] as const,
  /** After a deploy, rollback, rename or delete: the list, the function and its versions are refetched. */
  afterChange: (v: { projectRef: string; slug: string }) => [
    functionsKeys.list(v.projectRef),
    functionsKeys.detail(v.projectRef, v.slug),
    functionsKeys.versions(v.projectRef, v.slug),
  ],
}

/** `/platform/projects/{ref}/functions/{slug}/{rest}`. */
export function functionPath(projectRef: string | undefined, slug: string | undefined, rest = ''): string {
  if (!projectRef) throw new Error('Project ref is required')
  if (!slug) throw new Error('Function slug is required')
  return `/platform/projects/${encodeURIComponent(projectRef)}/functions/${encodeURIComponent(slug)}${rest ? `/${rest}` : ''}`
}
