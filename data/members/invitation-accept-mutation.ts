import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { post, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Organization } from '@/data/organizations/organizations-query'
import { profileKeys } from '@/data/profile/keys'
import { projectKeys } from '@/data/projects/keys'
import { defaultMutationErrorToast } from '@/data/mutation'

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

type Options = Omit<UseMutationOptions<Organization, ResponseError, InvitationAcceptVariables>, 'mutationFn'>

/**
 * Accepts an invitation; the new organization goes into the list and the organizations, projects
 * and permissions caches are refreshed (the member now sees more). A default error toast unless
 * `onError` is given.
 */
export function useInvitationAcceptMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Organization, ResponseError, InvitationAcceptVariables>({
    mutationFn: acceptInvitation,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
        list ? [...list.filter((org) => org.slug !== data.slug), data].sort((a, b) => a.name.localeCompare(b.name)) : list
      )
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: profileKeys.permissions(), exact: true }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('join organization', error)
    },
    ...options,
  })
}
