import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import type { Profile } from '@/lib/api-types/profile'

/** spec §7: POST /platform/profile, no body; 409 means the profile already exists. */
export async function createProfile(): Promise<Profile | undefined> {
  return post<Profile | undefined>('/platform/profile')
}

type Options = Omit<UseMutationOptions<Profile | undefined, Error, void>, 'mutationFn'>

/** Creates the signed-in user's profile. Errors are left to the caller (ProfileProvider decides, spec §8). */
export function useProfileCreateMutation(options: Options = {}) {
  return useMutation({ mutationFn: () => createProfile(), ...options })
}
