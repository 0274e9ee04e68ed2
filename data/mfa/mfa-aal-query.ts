import { profileKeys } from '@/data/profile/keys'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { defineUserQuery } from '@/data/query'

/** Assurance levels as the access token carries them (`aal` claim); null without a session. */
export type AuthenticatorAssuranceLevel = 'aal1' | 'aal2' | (string & {}) | null

export type AssuranceLevel = {
  currentLevel: AuthenticatorAssuranceLevel
  /** 'aal2' once a verified factor exists, whether or not this session used it. */
  nextLevel: AuthenticatorAssuranceLevel
}

/** Read from the session token; it changes only on sign-in or MFA verification, which refresh the cache. */
export const MFA_AAL_STALE_TIME_MS = 300_000

/** spec §6: the user's assurance level, which an organization requiring MFA is checked against. */
export async function getAssuranceLevel(): Promise<AssuranceLevel> {
  const { data, error } = await getGotrueClient().mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return { currentLevel: data.currentLevel, nextLevel: data.nextLevel }
}

export const { options: assuranceLevelQueryOptions, use: useAssuranceLevelQuery } = defineUserQuery(profileKeys.aal, getAssuranceLevel, MFA_AAL_STALE_TIME_MS)
