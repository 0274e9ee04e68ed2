import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { addToOrganizations } from '@/data/organizations/organizations-query'
import { profileKeys } from '@/data/profile/keys'
import { projectKeys } from '@/data/projects/keys'
import type { Organization } from '@/lib/api-types/organizations'

export type InvitationAcceptVariables = { slug: string; token: string }

/** POST /platform/organizations/{slug}/members/invitations/{token}: joins with the invited role. */
export async function acceptInvitation({ slug, token }: InvitationAcceptVariables): Promise<Organization> {
  if (!slug) throw new Error('slug is required')
  if (!token) throw new Error('token is required')
  return post<Organization>(
    `/platform/organizations/${encodeURIComponent(slug)}/members/invitations/${encodeURIComponent(token)}`,
    {}
  )
}

/**
 * Accepts an invitation; the new organization goes into the list and the organizations, projects
 * and permissions caches are refreshed (the member now sees more). A default error toast unless
 * `onError` is given.
 */
export function useInvitationAcceptMutation(options: MutationOptions<Organization, InvitationAcceptVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: acceptInvitation,
      what: 'join organization',
      onSuccess: (data, _variables, queryClient) =>
        Promise.all([
          addToOrganizations(queryClient, data),
          queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
          queryClient.invalidateQueries({ queryKey: profileKeys.permissions(), exact: true }),
        ]),
    },
    options
  )
}
