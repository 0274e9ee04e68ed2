import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { OrganizationRoles } from '@/lib/api-types/members'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/roles: the roles of the organization's plan. */
export async function getRoles({ slug }: { slug?: string }, signal?: AbortSignal): Promise<OrganizationRoles> {
  if (!slug) throw new Error('slug is required')
  return get<OrganizationRoles>(`/platform/organizations/${encodeURIComponent(slug)}/roles`, { signal })
}

export const { options: rolesQueryOptions, use: useRolesQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.roles(slug), getRoles, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
