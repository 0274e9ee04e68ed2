import { get } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import type { InvitationValidation } from '@/lib/api-types/members'
import { defineQuery } from '@/data/query'

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
