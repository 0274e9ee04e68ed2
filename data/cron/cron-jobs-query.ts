import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import type { CronJob } from '@/lib/api-types/cron'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { cronKeys } from './keys'

export type { CronJob, CronRun, CronRunStatus } from '@/lib/api-types/cron'

/** GET /platform/projects/{ref}/cron/jobs: the project's jobs by name. */
export async function getCronJobs({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<CronJob[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<CronJob[]>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs`, { signal })
}

/** Jobs run by themselves, so the list refreshes while the screen is open. */
export const CRON_JOBS_REFETCH_MS = 5_000

export function cronJobsQueryOptions({ projectRef }: { projectRef?: string }) {
  return queryOptions({
    queryKey: cronKeys.jobs(projectRef),
    queryFn: ({ signal }) => getCronJobs({ projectRef }, signal),
    staleTime: DEFAULT_STALE_TIME_MS, // spec §9 default: 60 s
    refetchInterval: CRON_JOBS_REFETCH_MS,
    enabled: Boolean(projectRef),
  })
}

export function useCronJobsQuery({ projectRef }: { projectRef?: string }) {
  return useQuery(cronJobsQueryOptions({ projectRef }))
}
