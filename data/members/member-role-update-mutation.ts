import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member, OrganizationRole } from './members-query'

export type MemberRoleUpdateVariables = { slug: string; userId: string; role: OrganizationRole }

/** PATCH /platform/organizations/{slug}/members/{userId} {role}. */
export async function updateMemberRole({ slug, userId, role }: MemberRoleUpdateVariables): Promise<Member> {
  if (!slug) throw new Error('slug is required')
  return patch<Member>(`/platform/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, { role })
}

type Options = Omit<UseMutationOptions<Member, ResponseError, MemberRoleUpdateVariables>, 'mutationFn'>

/** Changes a member's role; refreshes members and the organization list (the caller's own role may change). */
export function useMemberRoleUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Member, ResponseError, MemberRoleUpdateVariables>({
    mutationFn: updateMemberRole,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Member[]>(organizationKeys.members(variables.slug), (list) =>
        list?.map((member) => (member.user_id === data.user_id ? data : member))
      )
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.members(variables.slug), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to change role: ${error.message}`)
    },
    ...options,
  })
}
