import { projectUrl } from '@/data/project-url'
import { defineProjectGet } from '@/data/query'
import type { RealtimeStats } from '@/lib/api-types/realtime-inspector'
import { realtimeKeys } from './keys'

export type { RealtimeStats } from '@/lib/api-types/realtime-inspector'

/** How often the inspector refreshes the counts. */
export const REALTIME_STATS_REFRESH_MS = 5_000

/** GET /platform/projects/{ref}/realtime/stats: connections now (all instances), messages this billing period. */
export const { fetch: getRealtimeStats, options: realtimeStatsQueryOptions, use: useRealtimeStatsQuery } = defineProjectGet<RealtimeStats>(
  realtimeKeys.stats, (ref) => projectUrl(ref, 'realtime/stats'), REALTIME_STATS_REFRESH_MS
)
