import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { Member } from './members-query'

export type MemberDeleteVariables = { slug: string; userId: string }

/** DELETE /platform/organizations/{slug}/members/{userId}: removes a member (or leaves, for oneself). */
export async function deleteMember({ slug, userId }: MemberDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, MemberDeleteVariables>, 'mutationFn'>

/** Removes a member and drops them from the members cache; a default error toast unless `onError` is given. */
export function useMemberDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, MemberDeleteVariables>({
    mutationFn: deleteMember,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Member[]>(organizationKeys.members(variables.slug), (list) =>
        list?.filter((member) => member.user_id !== variables.userId)
      )
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to remove member: ${error.message}`)
    },
    ...options,
  })
}
