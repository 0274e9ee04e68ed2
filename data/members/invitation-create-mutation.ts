import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Invitation } from './invitations-query'
import type { OrganizationRole } from './members-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

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

/** Invites an e-mail address; refreshes the pending invitations. A default error toast unless `onError` is given. */
export function useInvitationCreateMutation(options: MutationOptions<CreatedInvitation, InvitationCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createInvitation,
      what: 'send invitation',
      async onSuccess(_data, variables, queryClient) {
        await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(variables.slug), exact: true })
      },
    },
    options
  )
}
