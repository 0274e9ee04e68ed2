import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { CreatedInvitation, InvitationCreateBody } from '@/lib/api-types/members'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type InvitationCreateVariables = { slug: string } & InvitationCreateBody

/** POST /platform/organizations/{slug}/members/invitations {email, role}. */
export async function createInvitation({ slug, email, role }: InvitationCreateVariables): Promise<CreatedInvitation> {
  if (!slug) throw new Error('slug is required')
  return post<CreatedInvitation>(`/platform/organizations/${encodeURIComponent(slug)}/members/invitations`, {
    email: email.trim(),
    role,
  } satisfies InvitationCreateBody)
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
