import type { QueryClient } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { defineUserQuery } from '@/data/query'
import { ORGANIZATIONS_STALE_TIME_MS } from '@/lib/constants'
import type { Organization } from '@/lib/api-types/organizations'
import { organizationKeys } from './keys'

export type { Organization } from '@/lib/api-types/organizations'

/** spec §7: GET /platform/organizations, sorted by name. */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const orgs = await get<Organization[]>('/platform/organizations', { signal })
  return [...orgs].sort((a, b) => a.name.localeCompare(b.name))
}

// spec §9: stale after 30 min. Waits for the profile (spec §7): pass `enabled` once the profile has loaded.
export const { options: organizationsQueryOptions, use: useOrganizationsQuery } = defineUserQuery(organizationKeys.list, getOrganizations, ORGANIZATIONS_STALE_TIME_MS)

/**
 * Puts an organization the caller has just gained (created, joined) into the list, sorted by
 * name, so its page opens without a flash of "not found"; then refreshes the list.
 */
export async function addToOrganizations(queryClient: QueryClient, organization: Organization): Promise<void> {
  queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
    list ? [...list.filter((org) => org.slug !== organization.slug), organization].sort((a, b) => a.name.localeCompare(b.name)) : list
  )
  await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
}
