import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
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
const organizations = defineQuery((_: { enabled?: boolean }) => organizationKeys.list(), (_, signal) => getOrganizations(signal), {
  staleTime: ORGANIZATIONS_STALE_TIME_MS,
})

export const organizationsQueryOptions = (args: { enabled?: boolean } = {}) => organizations.options(args)
export const useOrganizationsQuery = (args: { enabled?: boolean } = {}) => organizations.use(args)
