import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import { PROFILE_STALE_TIME_MS } from '@/lib/constants'
import type { Profile } from '@/lib/api-types/profile'
import { profileKeys } from './keys'

export type { Profile } from '@/lib/api-types/profile'

/** spec §7: GET /platform/profile with header Version: 2. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return get<Profile>('/platform/profile', { headers: { Version: '2' }, signal })
}

// spec §9: stale after 30 min.
const profile = defineQuery((_: { enabled?: boolean }) => profileKeys.profile(), (_, signal) => getProfile(signal), { staleTime: PROFILE_STALE_TIME_MS })

export const profileQueryOptions = (args: { enabled?: boolean } = {}) => profile.options(args)
export const useProfileQuery = (args: { enabled?: boolean } = {}) => profile.use(args)
