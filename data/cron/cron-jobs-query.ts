import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { cronKeys } from './keys'

export type CronRunStatus = 'running' | 'succeeded' | 'failed'

/** One run of a cron job. */
export type CronRun = {
  id: number
  job_id: number
  status: CronRunStatus
  trigger: 'schedule' | 'manual'
  command: string
  started_at: string
  ended_at: string | null
  duration_ms: number | null
  /** The command tag and row count (e.g. "INSERT 0 1"), or the Postgres error. */
  return_message: string | null
}

/** A cron job of a project, with its latest run. */
export type CronJob = {
  id: number
  name: string
  schedule: string
  /** The schedule in words, from the platform (null when it no longer parses). */
  schedule_description: string | null
  command: string
  active: boolean
  next_run_at: string | null
  created_at: string
  updated_at: string
  last_run: CronRun | null
}

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
