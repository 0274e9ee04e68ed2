import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Invitation } from './invitations-query'
import type { OrganizationRole } from './members-query'

export type InvitationCreateVariables = { slug: string; email: string; role: OrganizationRole }

/** The new invitation with its token, returned this once only, and the join path to hand over. */
export type CreatedInvitation = Invitation & { token: string; join_path: string }

/** POST /platform/organizations/{slug}/members/invitations {email, role}. */
export async function createInvitation({ slug, email, role }: InvitationCreateVariables): Promise<CreatedInvitation> {
  if (!slug) throw new Error('slug is required')
  return post<CreatedInvitation>(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations`, {
    email: email.trim(),
    role,
  })
}

type Options = Omit<UseMutationOptions<CreatedInvitation, ResponseError, InvitationCreateVariables>, 'mutationFn'>

/** Invites an e-mail address; refreshes the pending invitations. A default error toast unless `onError` is given. */
export function useInvitationCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<CreatedInvitation, ResponseError, InvitationCreateVariables>({
    mutationFn: createInvitation,
    async onSuccess(data, variables, result, context) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(variables.slug), exact: true })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to send invitation: ${error.message}`)
    },
    ...options,
  })
}
