import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { OrganizationRole } from './members-query'

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

export function invitationsQueryOptions({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: organizationKeys.invitations(slug),
    queryFn: ({ signal }) => getInvitations({ slug }, signal),
    staleTime: DEFAULT_STALE_TIME_MS, // spec §9 default
    enabled: enabled && Boolean(slug),
  })
}

export function useInvitationsQuery(vars: { slug?: string; enabled?: boolean }) {
  return useQuery(invitationsQueryOptions(vars))
}
