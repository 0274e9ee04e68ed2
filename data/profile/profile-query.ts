import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { PROFILE_STALE_TIME_MS } from '@/lib/constants'
import { profileKeys } from './keys'

export type Profile = {
  id: number
  gotrue_id: string
  username: string
  first_name: string | null
  last_name: string | null
  primary_email: string
  /** self-hosted only (spec §3) */
  disabled_features?: string[]
}

/** spec §7: GET /platform/profile with header Version: 2. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return get<Profile>('/platform/profile', { headers: { Version: '2' }, signal })
}

export function profileQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: profileKeys.profile(),
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: PROFILE_STALE_TIME_MS, // spec §9: 30 min
    enabled,
  })
}

export function useProfileQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(profileQueryOptions({ enabled }))
}
