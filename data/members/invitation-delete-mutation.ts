import { del } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Invitation } from '@/lib/api-types/members'
import { useListMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'

export type InvitationDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/members/invitations/{id}: revokes a pending invitation. */
export async function deleteInvitation({ slug, id }: InvitationDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${id}`)
}

/** Revokes an invitation and drops it from the cache; a default error toast unless `onError` is given. */
export const useInvitationDeleteMutation = (options: MutationOptions<void, InvitationDeleteVariables> = {}) =>
  useListMutation<Invitation, void, InvitationDeleteVariables>(
    {
      mutationFn: deleteInvitation,
      what: 'revoke invitation',
      list: (v) => organizationKeys.invitations(v.slug),
      update: (list, _data, v) => list.filter((invitation) => invitation.id !== v.id),
    },
    options
  )
