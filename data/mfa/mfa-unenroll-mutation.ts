import { getGotrueClient } from '@/data/auth/gotrue-client'
import type { MutationOptions } from '@/data/mutation'
import { useFactorsChangeMutation } from './mfa-verify-mutation'

export type MfaUnenrollVariables = { factorId: string }

/** Removes a factor (auth-js `mfa.unenroll`); the auth service asks for aal2 to remove a verified one. */
export async function unenrollMfaFactor({ factorId }: MfaUnenrollVariables): Promise<void> {
  const { error } = await getGotrueClient().mfa.unenroll({ factorId })
  if (error) throw error
}

/** Removing the last verified factor lowers the next level: both are refreshed. */
export function useMfaUnenrollMutation(options: MutationOptions<void, MfaUnenrollVariables, Error> = {}) {
  return useFactorsChangeMutation(unenrollMfaFactor, 'remove the factor', options)
}
