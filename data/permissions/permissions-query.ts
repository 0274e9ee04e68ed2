import { queryOptions, useQuery } from '@tanstack/react-query'
import { get, isResponseError } from '@/data/fetchers'
import { profileKeys } from '@/data/profile/keys'
import { PERMISSIONS_STALE_TIME_MS } from '@/lib/constants'
import { reportError } from '@/lib/error-reporting'
import type { PermissionEntry } from '@/lib/permissions'

/**
 * spec §7: GET /platform/profile/permissions. spec §8: a failure is reported with the error's
 * code (or 'unknown') and the query returns no data; nothing is shown to the user.
 */
export async function getPermissions(signal?: AbortSignal): Promise<PermissionEntry[]> {
  try {
    return await get<PermissionEntry[]>('/platform/profile/permissions', { signal })
  } catch (error) {
    if (signal?.aborted) throw error
    reportError(error, { tags: { permissionsQuery: true, code: String((isResponseError(error) && error.code) || 'unknown') } })
    return []
  }
}

/** Runs only on the platform when signed in (spec §7). */
export function permissionsQueryOptions({ enabled }: { enabled: boolean }) {
  return queryOptions({
    queryKey: profileKeys.permissions(),
    queryFn: ({ signal }) => getPermissions(signal),
    staleTime: PERMISSIONS_STALE_TIME_MS, // spec §9: 5 min
    enabled,
  })
}

export function usePermissionsQuery({ enabled }: { enabled: boolean }) {
  return useQuery(permissionsQueryOptions({ enabled }))
}
