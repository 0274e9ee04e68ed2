import { del } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member } from '@/lib/api-types/members'
import { useListMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'

export type MemberDeleteVariables = { slug: string; userId: string }

/** DELETE /platform/organizations/{slug}/members/{userId}: removes a member (or leaves, for oneself). */
export async function deleteMember({ slug, userId }: MemberDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`)
}

/** Removes a member and drops them from the members cache; a default error toast unless `onError` is given. */
export const useMemberDeleteMutation = (options: MutationOptions<void, MemberDeleteVariables> = {}) =>
  useListMutation<Member, void, MemberDeleteVariables>(
    { mutationFn: deleteMember, what: 'remove member', list: (v) => organizationKeys.members(v.slug), update: (list, _data, v) => list.filter((member) => member.user_id !== v.userId) },
    options
  )
