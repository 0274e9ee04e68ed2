import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import { projectUrl } from '@/data/project-url'
import type { RealtimeStats } from '@/lib/api-types/realtime-inspector'
import { realtimeKeys } from './keys'

export type { RealtimeStats } from '@/lib/api-types/realtime-inspector'

/** How often the inspector refreshes the counts. */
export const REALTIME_STATS_REFRESH_MS = 5_000

/** GET /platform/projects/{ref}/realtime/stats: connections now (all instances), messages this billing period. */
export async function getRealtimeStats({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<RealtimeStats> {
  return get<RealtimeStats>(projectUrl(projectRef, 'realtime/stats'), { signal })
}

export const { options: realtimeStatsQueryOptions, use: useRealtimeStatsQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => realtimeKeys.stats(projectRef),
  getRealtimeStats,
  { staleTime: REALTIME_STATS_REFRESH_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
