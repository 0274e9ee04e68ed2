import { get, isResponseError } from '@/data/fetchers'
import { profileKeys } from '@/data/profile/keys'
import { defineQuery } from '@/data/query'
import { PERMISSIONS_STALE_TIME_MS } from '@/lib/constants'
import { reportError } from '@/lib/error-reporting'
import type { ProfilePermission } from '@/lib/api-types/profile'

/**
 * spec §7: GET /platform/profile/permissions. spec §8: a failure is reported with the error's
 * code (or 'unknown') and the query returns no data; nothing is shown to the user.
 */
export async function getPermissions(signal?: AbortSignal): Promise<ProfilePermission[]> {
  try {
    return await get<ProfilePermission[]>('/platform/profile/permissions', { signal })
  } catch (error) {
    if (signal?.aborted) throw error
    reportError(error, { tags: { permissionsQuery: true, code: String((isResponseError(error) && error.code) || 'unknown') } })
    return []
  }
}

/** Runs only on the platform when signed in (spec §7); spec §9: stale after 5 min. */
export const { options: permissionsQueryOptions, use: usePermissionsQuery } = defineQuery(
  (_: { enabled: boolean }) => profileKeys.permissions(),
  (_, signal) => getPermissions(signal),
  { staleTime: PERMISSIONS_STALE_TIME_MS }
)
