import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import type { ProjectLogsResponse } from '@/lib/api-types/logs'
import { logsKeys, type ProjectLogsFilters } from './keys'

export type { ProjectLogsFilters } from './keys'

/** Lines per page (the platform allows up to 1,000). */
export const LOGS_PAGE_SIZE = 100
/** Live tail: how often the newest lines are fetched again. */
export const LOGS_LIVE_TAIL_INTERVAL_MS = 5_000
/** Logs change all the time: a cached page is shown at once but refetched on return. */
export const LOGS_STALE_TIME_MS = 0

/** A page's range and where it starts: the first page ends now, the next ones continue its range. */
export type LogsPageParam = { cursor: string; iso_timestamp_start: string; iso_timestamp_end: string } | null

/** GET /platform/projects/{ref}/logs: one page of lines, newest first. */
export async function getProjectLogs(
  { projectRef, filters, page }: { projectRef?: string; filters: ProjectLogsFilters; page: LogsPageParam },
  signal?: AbortSignal
): Promise<ProjectLogsResponse> {
  if (!projectRef) throw new Error('Project ref is required')
  const now = Date.now()
  const range = page ?? { iso_timestamp_start: new Date(now - filters.rangeMs).toISOString(), iso_timestamp_end: new Date(now).toISOString() }
  return get<ProjectLogsResponse>(`/platform/projects/${encodeURIComponent(projectRef)}/logs`, {
    signal,
    query: {
      source: filters.sources === 'all' || filters.sources.length === 0 ? 'all' : filters.sources,
      iso_timestamp_start: range.iso_timestamp_start,
      iso_timestamp_end: range.iso_timestamp_end,
      search: filters.search || undefined,
      level: filters.level ?? undefined,
      limit: LOGS_PAGE_SIZE,
      cursor: page?.cursor,
      include_dashboard: filters.includeDashboard ? 'true' : undefined,
    },
  })
}

export function projectLogsQueryOptions({
  projectRef,
  filters,
  liveTail = false,
  enabled = true,
}: {
  projectRef?: string
  filters: ProjectLogsFilters
  liveTail?: boolean
  /** False for sources nothing records here: there is nothing to ask for. */
  enabled?: boolean
}) {
  return infiniteQueryOptions({
    queryKey: logsKeys.lines(projectRef, filters),
    queryFn: ({ signal, pageParam }) => getProjectLogs({ projectRef, filters, page: pageParam }, signal),
    initialPageParam: null as LogsPageParam,
    getNextPageParam: (last): LogsPageParam | undefined =>
      last.next_cursor
        ? { cursor: last.next_cursor, iso_timestamp_start: last.iso_timestamp_start, iso_timestamp_end: last.iso_timestamp_end }
        : undefined,
    staleTime: LOGS_STALE_TIME_MS,
    refetchInterval: liveTail ? LOGS_LIVE_TAIL_INTERVAL_MS : false,
    enabled: enabled && Boolean(projectRef),
  })
}

/** The lines of a project's logs, page by page ("Load older" fetches the next page). */
export function useProjectLogsQuery(args: { projectRef?: string; filters: ProjectLogsFilters; liveTail?: boolean; enabled?: boolean }) {
  return useInfiniteQuery(projectLogsQueryOptions(args))
}
