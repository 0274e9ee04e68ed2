import type { Factor } from '@supabase/auth-js'
import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { defineUserQuery } from '@/data/query'

/** Factors change only through this dashboard's own mutations, which refresh the cache. */
export const MFA_FACTORS_STALE_TIME_MS = 300_000

export type MfaFactors = {
  /** Every factor, verified or not (an abandoned enrolment stays unverified). */
  all: Factor[]
  /** Verified TOTP factors: the ones that can raise the session to aal2. */
  totp: Factor[]
}

/** The signed-in user's MFA factors, from the auth service (auth-js `mfa.listFactors`). */
export async function getMfaFactors(): Promise<MfaFactors> {
  const { data, error } = await getGotrueClient().mfa.listFactors()
  if (error) throw error
  return { all: data.all, totp: data.totp }
}

export const { options: mfaFactorsQueryOptions, use: useMfaFactorsQuery } = defineUserQuery(profileKeys.mfaFactors, getMfaFactors, MFA_FACTORS_STALE_TIME_MS)
