import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { OrganizationRole } from './members-query'
import { defineQuery } from '@/data/query'

export type Inviter = { user_id: string; email: string | null; username: string | null }

/** A pending invitation (accepted ones are not listed; expired ones are flagged). */
export type Invitation = {
  id: number
  email: string
  role: OrganizationRole
  invited_by: Inviter | null
  invited_at: string
  expires_at: string
  expired: boolean
}

/** GET /platform/organizations/{slug}/members/invitations (Admin and above). */
export async function getInvitations({ slug }: { slug?: string }, signal?: AbortSignal): Promise<Invitation[]> {
  if (!slug) throw new Error('slug is required')
  return get<Invitation[]>(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations`, { signal })
}

export const { options: invitationsQueryOptions, use: useInvitationsQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.invitations(slug), getInvitations, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
