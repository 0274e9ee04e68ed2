import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { ORGANIZATIONS_STALE_TIME_MS } from '@/lib/constants'
import type { Organization } from '@/lib/api-types/organizations'
import { organizationKeys } from './keys'

export type { Organization } from '@/lib/api-types/organizations'

/** spec §7: GET /platform/organizations, sorted by name. */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  const orgs = await get<Organization[]>('/platform/organizations', { signal })
  return [...orgs].sort((a, b) => a.name.localeCompare(b.name))
}

export function organizationsQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
    staleTime: ORGANIZATIONS_STALE_TIME_MS, // spec §9: 30 min
    enabled,
  })
}

/** Waits for the profile (spec §7): pass `enabled` once the profile has loaded. */
export function useOrganizationsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(organizationsQueryOptions({ enabled }))
}
