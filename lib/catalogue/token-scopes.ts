/**
 * Scopes an API access token can be granted (spec §6). Every resource is granted either
 * read or write access.
 */

export const TOKEN_SCOPE_RESOURCES = [
  'analytics',
  'auth',
  'database',
  'domains',
  'edge_functions',
  'environment',
  'organizations',
  'projects',
  'rest',
  'secrets',
  'storage',
] as const
export type TokenScopeResource = (typeof TOKEN_SCOPE_RESOURCES)[number]

export const TOKEN_SCOPE_ACCESS_LEVELS = ['read', 'write'] as const
export type TokenScopeAccess = (typeof TOKEN_SCOPE_ACCESS_LEVELS)[number]

/** A scope as sent to the platform, e.g. `database:read`. */
export type TokenScope = `${TokenScopeResource}:${TokenScopeAccess}`

/** Every scope a token could hold, read before write for each resource. */
export const TOKEN_SCOPES: readonly TokenScope[] = TOKEN_SCOPE_RESOURCES.flatMap((resource) =>
  TOKEN_SCOPE_ACCESS_LEVELS.map((access): TokenScope => `${resource}:${access}`),
)

/** Builds the scope string for one resource and access level. */
export function tokenScope(resource: TokenScopeResource, access: TokenScopeAccess): TokenScope {
  return `${resource}:${access}`
}

/** Reads a scope string back into its parts; null when it is not a known scope. */
export function parseTokenScope(
  value: string,
): { resource: TokenScopeResource; access: TokenScopeAccess } | null {
  if (!(TOKEN_SCOPES as readonly string[]).includes(value)) return null
  const [resource, access] = value.split(':') as [TokenScopeResource, TokenScopeAccess]
  return { resource, access }
}
