import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { CRON_RUNS_PAGE_SIZE } from '@/lib/cron/limits'
import type { CronRunsPage } from '@/lib/api-types/cron'
import { CRON_JOBS_REFETCH_MS } from './cron-jobs-query'
import { cronKeys } from './keys'

type Vars = { projectRef?: string; jobId?: number; offset?: number; limit?: number }

/** GET /platform/projects/{ref}/cron/jobs/{id}/runs: a page of runs, newest first. */
export async function getCronJobRuns({ projectRef, jobId, offset = 0, limit = CRON_RUNS_PAGE_SIZE }: Vars, signal?: AbortSignal): Promise<CronRunsPage> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!jobId) throw new Error('Cron job id is required')
  return get<CronRunsPage>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${jobId}/runs`, { signal, query: { limit, offset } })
}

export function cronJobRunsQueryOptions({ projectRef, jobId, offset = 0, limit = CRON_RUNS_PAGE_SIZE }: Vars) {
  return queryOptions({
    queryKey: cronKeys.runs(projectRef, jobId, { limit, offset }),
    queryFn: ({ signal }) => getCronJobRuns({ projectRef, jobId, offset, limit }, signal),
    staleTime: 0,
    refetchInterval: CRON_JOBS_REFETCH_MS,
    placeholderData: keepPreviousData,
    enabled: Boolean(projectRef && jobId),
  })
}

export function useCronJobRunsQuery(vars: Vars) {
  return useQuery(cronJobRunsQueryOptions(vars))
}
