import { patch } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member, MemberRoleUpdateBody } from '@/lib/api-types/members'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type MemberRoleUpdateVariables = { slug: string; userId: string } & MemberRoleUpdateBody

/** PATCH /platform/organizations/{slug}/members/{userId} {role}. */
export async function updateMemberRole({ slug, userId, role }: MemberRoleUpdateVariables): Promise<Member> {
  if (!slug) throw new Error('slug is required')
  return patch<Member>(`/platform/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, { role } satisfies MemberRoleUpdateBody)
}

/** Changes a member's role; refreshes members and the organization list (the caller's own role may change). */
export function useMemberRoleUpdateMutation(options: MutationOptions<Member, MemberRoleUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateMemberRole,
      what: 'change role',
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData<Member[]>(organizationKeys.members(variables.slug), (list) =>
          list?.map((member) => (member.user_id === data.user_id ? data : member))
        )
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: organizationKeys.members(variables.slug), exact: true }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true }),
        ])
      },
    },
    options
  )
}
