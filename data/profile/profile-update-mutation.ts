import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { patch } from '@/data/fetchers'
import { profileKeys } from './keys'
import type { Profile } from './profile-query'
import { defaultMutationErrorToast } from '@/data/mutation'

export type ProfileUpdateVariables = {
  first_name?: string | null
  last_name?: string | null
  username?: string
}

/** PATCH /platform/profile with the changed fields; resolves to the updated profile. */
export async function updateProfile(variables: ProfileUpdateVariables): Promise<Profile> {
  return patch<Profile>('/platform/profile', variables)
}

type Options = Omit<UseMutationOptions<Profile, Error, ProfileUpdateVariables>, 'mutationFn'>

/** Updates the profile and puts the answer in the profile cache; a default error toast unless `onError` is given. */
export function useProfileUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProfile,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData(profileKeys.profile(), data)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('update profile', error)
    },
    ...options,
  })
}
