import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { OrganizationRole } from './members-query'
import { defineQuery } from '@/data/query'

export type OrganizationRoleInfo = {
  id: OrganizationRole
  name: OrganizationRole
  description: string
  /** False when the organization's plan does not offer the role (spec §6: Read-only needs Team). */
  available: boolean
}

export type OrganizationRoles = {
  org_scoped_roles: OrganizationRoleInfo[]
  project_scoped_roles: unknown[]
  project_scoped_roles_supported: 'none' | 'predefined' | 'custom'
}

/** GET /platform/organizations/{slug}/roles: the roles of the organization's plan. */
export async function getRoles({ slug }: { slug?: string }, signal?: AbortSignal): Promise<OrganizationRoles> {
  if (!slug) throw new Error('slug is required')
  return get<OrganizationRoles>(`/platform/organizations/${encodeURIComponent(slug)}/roles`, { signal })
}

export const { options: rolesQueryOptions, use: useRolesQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.roles(slug), getRoles, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
