import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { defaultMutationErrorToast } from '@/data/mutation'

export type MfaVerifyVariables = { factorId: string; code: string }

/**
 * Challenges a factor and checks a code (auth-js `mfa.challengeAndVerify`). On success the
 * session is upgraded to aal2 and a pending factor becomes verified.
 */
export async function verifyMfaCode({ factorId, code }: MfaVerifyVariables): Promise<void> {
  const { error } = await getGotrueClient().mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

type Options = Omit<UseMutationOptions<void, Error, MfaVerifyVariables>, 'mutationFn'>

export function useMfaVerifyMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyMfaCode,
    async onSuccess(data, variables, result, context) {
      // The factor list and the assurance level both change with a verification.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.mfaFactors() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.aal() }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('verify the code', error)
    },
    ...options,
  })
}
