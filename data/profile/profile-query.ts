import { get } from '@/data/fetchers'
import { defineUserQuery } from '@/data/query'
import { PROFILE_STALE_TIME_MS } from '@/lib/constants'
import type { Profile } from '@/lib/api-types/profile'
import { profileKeys } from './keys'

export type { Profile } from '@/lib/api-types/profile'

/** spec §7: GET /platform/profile with header Version: 2. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return get<Profile>('/platform/profile', { headers: { Version: '2' }, signal })
}

// spec §9: stale after 30 min.
export const { options: profileQueryOptions, use: useProfileQuery } = defineUserQuery(profileKeys.profile, getProfile, PROFILE_STALE_TIME_MS)
