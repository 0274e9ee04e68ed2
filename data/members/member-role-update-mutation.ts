import { patch } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member, MemberRoleUpdateBody } from '@/lib/api-types/members'
import { useListMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'

export type MemberRoleUpdateVariables = { slug: string; userId: string } & MemberRoleUpdateBody

/** PATCH /platform/organizations/{slug}/members/{userId} {role}. */
export async function updateMemberRole({ slug, userId, role }: MemberRoleUpdateVariables): Promise<Member> {
  if (!slug) throw new Error('slug is required')
  return patch<Member>(`/platform/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, { role } satisfies MemberRoleUpdateBody)
}

/** Changes a member's role; refreshes members and the organization list (the caller's own role may change). */
export const useMemberRoleUpdateMutation = (options: MutationOptions<Member, MemberRoleUpdateVariables> = {}) =>
  useListMutation<Member, Member, MemberRoleUpdateVariables>(
    {
      mutationFn: updateMemberRole,
      what: 'change role',
      list: (v) => organizationKeys.members(v.slug),
      update: (list, data) => list.map((member) => (member.user_id === data.user_id ? data : member)),
      invalidate: (v) => [organizationKeys.members(v.slug), organizationKeys.list()],
    },
    options
  )
