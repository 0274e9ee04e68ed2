import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member } from '@/lib/api-types/members'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/members. */
export async function getMembers({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Member[]> {
  if (!slug) throw new Error('slug is required')
  return get<Member[]>(`/platform/organizations/${encodeURIComponent(slug)}/members`, { signal })
}

export const { options: membersQueryOptions, use: useMembersQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.members(slug), getMembers, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
