import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Invitation } from '@/lib/api-types/members'
import { defineQuery } from '@/data/query'

/** GET /platform/organizations/{slug}/members/invitations (Admin and above). */
export async function getInvitations({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Invitation[]> {
  if (!slug) throw new Error('slug is required')
  return get<Invitation[]>(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations`, { signal })
}

export const { options: invitationsQueryOptions, use: useInvitationsQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.invitations(slug), getInvitations, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
