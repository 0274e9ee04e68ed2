import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { Inviter } from './invitations-query'
import type { OrganizationRole } from './members-query'
import { defineQuery } from '@/data/query'

/** What the join page shows before accepting (spec §7 cache key validate-token). */
export type InvitationValidation = {
  organization_name: string
  organization_slug: string
  role: OrganizationRole
  invited_by: Inviter | null
  invited_at: string
  expires_at: string
  expired_token: boolean
  email_match: boolean
  already_member: boolean
}

/** GET /platform/organizations/{slug}/members/invitations/{token}. */
export async function validateInvitation(
  { slug, token }: { slug?: string; token?: string },
  signal?: AbortSignal
): Promise<InvitationValidation> {
  if (!slug) throw new Error('slug is required')
  if (!token) throw new Error('token is required')
  return get<InvitationValidation>(
    `/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${encodeURIComponent(token)}`,
    { signal }
  )
}

export const { options: invitationValidateQueryOptions, use: useInvitationValidateQuery } = defineQuery(({ slug, token }: { slug?: string; token?: string; enabled?: boolean }) => organizationKeys.validateToken(slug, token), validateInvitation, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug, token }) => Boolean(slug) && Boolean(token),
})
