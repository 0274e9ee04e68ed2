import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { defaultMutationErrorToast } from '@/data/mutation'

export type MfaUnenrollVariables = { factorId: string }

/** Removes a factor (auth-js `mfa.unenroll`); the auth service asks for aal2 to remove a verified one. */
export async function unenrollMfaFactor({ factorId }: MfaUnenrollVariables): Promise<void> {
  const { error } = await getGotrueClient().mfa.unenroll({ factorId })
  if (error) throw error
}

type Options = Omit<UseMutationOptions<void, Error, MfaUnenrollVariables>, 'mutationFn'>

export function useMfaUnenrollMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unenrollMfaFactor,
    async onSuccess(data, variables, result, context) {
      // Removing the last verified factor lowers the next level: refresh both.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.mfaFactors() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.aal() }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('remove the factor', error)
    },
    ...options,
  })
}
