/** Which page of the user list, as the browser asks for it (the route's `projectUsersQuery`, already numbers). */
export type ProjectUsersListQuery = { page: number; per_page: number; keywords?: string }

/** Cache keys of a project's own users and auth settings (project auth, not the dashboard's sign-in). */
export const projectAuthKeys = {
  /** Every page of the user list, whatever its search: what a change to a user refetches. */
  usersAll: (projectRef: string | undefined) => ['projects', projectRef, 'auth', 'users'] as const,
  users: (projectRef: string | undefined, query: ProjectUsersListQuery) => ['projects', projectRef, 'auth', 'users', query] as const,
  user: (projectRef: string | undefined, id: string | undefined) => ['projects', projectRef, 'auth', 'user', id] as const,
  config: (projectRef: string | undefined) => ['projects', projectRef, 'auth', 'config'] as const,
}

/** `/platform/auth/{ref}/{path}` (`path` already encoded); without a ref the call cannot be made. */
export function projectAuthUrl(projectRef: string | undefined, path: string): string {
  if (!projectRef) throw new Error('Project ref is required')
  return `/platform/auth/${encodeURIComponent(projectRef)}/${path}`
}

/** `users/{id}` of a project's auth routes; without an id the call cannot be made. */
export function projectUserPath(id: string | undefined, rest = ''): string {
  if (!id) throw new Error('User id is required')
  return `users/${encodeURIComponent(id)}${rest}`
}
