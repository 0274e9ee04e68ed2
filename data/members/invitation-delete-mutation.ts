import { del } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Invitation } from '@/lib/api-types/members'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type InvitationDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/members/invitations/{id}: revokes a pending invitation. */
export async function deleteInvitation({ slug, id }: InvitationDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${id}`)
}

/** Revokes an invitation and drops it from the cache; a default error toast unless `onError` is given. */
export function useInvitationDeleteMutation(options: MutationOptions<void, InvitationDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteInvitation,
      what: 'revoke invitation',
      async onSuccess(_data, variables, queryClient) {
        queryClient.setQueryData<Invitation[]>(organizationKeys.invitations(variables.slug), (list) =>
          list?.filter((invitation) => invitation.id !== variables.id)
        )
      },
    },
    options
  )
}
