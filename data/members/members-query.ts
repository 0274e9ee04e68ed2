import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { ROLES } from '@/lib/api-types/roles'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { defineQuery } from '@/data/query'

/** The organization roles, highest first (one list for the platform and the dashboard). */
export const ORGANIZATION_ROLES = ROLES
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number]

export type Member = {
  user_id: string
  email: string
  username: string
  primary_email: string
  role: OrganizationRole
  mfa_enabled: boolean
  joined_at: string
}

/** GET /platform/organizations/{slug}/members. */
export async function getMembers({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Member[]> {
  if (!slug) throw new Error('slug is required')
  return get<Member[]>(`/platform/organizations/${encodeURIComponent(slug)}/members`, { signal })
}

export const { options: membersQueryOptions, use: useMembersQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.members(slug), getMembers, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
