import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { defaultMutationErrorToast } from '@/data/mutation'

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

type Options = Omit<UseMutationOptions<TotpEnrollment, Error, MfaEnrollVariables>, 'mutationFn'>

export function useMfaEnrollMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: enrollTotpFactor,
    async onSuccess(data, variables, result, context) {
      await queryClient.invalidateQueries({ queryKey: profileKeys.mfaFactors() })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('set up the authenticator app', error)
    },
    ...options,
  })
}
