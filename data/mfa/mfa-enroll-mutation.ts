import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type MfaEnrollVariables = { friendlyName?: string }

/** A TOTP factor waiting for its first code. */
export type TotpEnrollment = {
  factorId: string
  /** An image URL (data: SVG) of the otpauth URI, for authenticator apps to scan. */
  qrCode: string
  /** The base32 secret, for typing in by hand. */
  secret: string
  uri: string
}

/** Starts a TOTP enrolment (auth-js `mfa.enroll`); the factor stays unverified until a code is checked. */
export async function enrollTotpFactor({ friendlyName }: MfaEnrollVariables): Promise<TotpEnrollment> {
  const { data, error } = await getGotrueClient().mfa.enroll({
    factorType: 'totp',
    ...(friendlyName ? { friendlyName } : {}),
  })
  if (error) throw error
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri }
}

export function useMfaEnrollMutation(options: MutationOptions<TotpEnrollment, MfaEnrollVariables, Error> = {}) {
  return useDataMutation<TotpEnrollment, MfaEnrollVariables, Error>(
    {
      mutationFn: enrollTotpFactor,
      what: 'set up the authenticator app',
      onSuccess: (_data, _variables, queryClient) => queryClient.invalidateQueries({ queryKey: profileKeys.mfaFactors() }),
    },
    options
  )
}
