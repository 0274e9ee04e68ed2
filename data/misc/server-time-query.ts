import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { BASE_PATH } from '@/lib/config'
import { CLOCK_SKEW_RECHECK_INTERVAL_MS } from '@/lib/constants'
import { miscKeys } from './keys'

/** spec §7: GET {base}/api/get-utc-time; also returns the local time at the answer. */
export async function getServerTime(signal?: AbortSignal): Promise<{ serverMs: number; localMs: number }> {
  const started = Date.now()
  const { utcTime } = await get<{ utcTime: string }>(`${BASE_PATH}/api/get-utc-time`, { signal })
  const finished = Date.now()
  // Compare against the middle of the round trip, so a slow network does not look like skew.
  return { serverMs: Date.parse(utcTime), localMs: Math.round((started + finished) / 2) }
}

/** Re-checked every 30 minutes (spec §4). */
export function serverTimeQueryOptions({ enabled }: { enabled: boolean }) {
  return queryOptions({
    queryKey: miscKeys.serverTime(),
    queryFn: ({ signal }) => getServerTime(signal),
    staleTime: CLOCK_SKEW_RECHECK_INTERVAL_MS,
    refetchInterval: CLOCK_SKEW_RECHECK_INTERVAL_MS,
    enabled,
  })
}

export function useServerTimeQuery({ enabled }: { enabled: boolean }) {
  return useQuery(serverTimeQueryOptions({ enabled }))
}
