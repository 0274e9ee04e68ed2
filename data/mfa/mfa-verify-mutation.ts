import { getGotrueClient } from '@/data/auth/gotrue-client'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { profileKeys } from '@/data/profile/keys'

export type MfaVerifyVariables = { factorId: string; code: string }

/**
 * Challenges a factor and checks a code (auth-js `mfa.challengeAndVerify`). On success the
 * session is upgraded to aal2 and a pending factor becomes verified.
 */
export async function verifyMfaCode({ factorId, code }: MfaVerifyVariables): Promise<void> {
  const { error } = await getGotrueClient().mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

/** The factor list and the assurance level both change with a verification (or a removal). */
export function useFactorsChangeMutation<Variables>(mutationFn: (variables: Variables) => Promise<void>, what: string, options: MutationOptions<void, Variables, Error>) {
  return useDataMutation<void, Variables, Error>(
    {
      mutationFn,
      what,
      onSuccess: (_data, _variables, queryClient) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: profileKeys.mfaFactors() }),
          queryClient.invalidateQueries({ queryKey: profileKeys.aal() }),
        ]),
    },
    options
  )
}

export function useMfaVerifyMutation(options: MutationOptions<void, MfaVerifyVariables, Error> = {}) {
  return useFactorsChangeMutation(verifyMfaCode, 'verify the code', options)
}
