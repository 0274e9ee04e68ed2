import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { Profile, ProfileUpdateBody } from '@/lib/api-types/profile'
import { profileKeys } from './keys'

export type ProfileUpdateVariables = ProfileUpdateBody

/** PATCH /platform/profile with the changed fields; resolves to the updated profile. */
export async function updateProfile(variables: ProfileUpdateVariables): Promise<Profile> {
  return patch<Profile>('/platform/profile', variables)
}

/** Updates the profile and puts the answer in the profile cache; a default error toast unless `onError` is given. */
export function useProfileUpdateMutation(options: MutationOptions<Profile, ProfileUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateProfile,
      what: 'update profile',
      onSuccess: (data, _variables, queryClient) => queryClient.setQueryData(profileKeys.profile(), data),
    },
    options
  )
}
