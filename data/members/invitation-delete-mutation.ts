import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Invitation } from './invitations-query'

export type InvitationDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/members/invitations/{id}: revokes a pending invitation. */
export async function deleteInvitation({ slug, id }: InvitationDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${id}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, InvitationDeleteVariables>, 'mutationFn'>

/** Revokes an invitation and drops it from the cache; a default error toast unless `onError` is given. */
export function useInvitationDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, InvitationDeleteVariables>({
    mutationFn: deleteInvitation,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Invitation[]>(organizationKeys.invitations(variables.slug), (list) =>
        list?.filter((invitation) => invitation.id !== variables.id)
      )
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to revoke invitation: ${error.message}`)
    },
    ...options,
  })
}
