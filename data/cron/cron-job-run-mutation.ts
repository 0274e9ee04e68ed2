import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { CronRun } from '@/lib/api-types/cron'
import { cronKeys } from './keys'

type Variables = { projectRef: string; id: number }

/** POST /platform/projects/{ref}/cron/jobs/{id}/run: runs the job now and answers with the ended run. */
export async function runCronJob({ projectRef, id }: Variables): Promise<CronRun> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  return post<CronRun>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}/run`, {})
}

/** Runs a cron job now; a default error toast unless `onError` is given. */
export const useCronJobRunMutation = (options: MutationOptions<CronRun, Variables> = {}) =>
  useCacheMutation(
    { mutationFn: runCronJob, what: 'run cron job', invalidate: (v) => [cronKeys.jobs(v.projectRef), cronKeys.runs(v.projectRef, v.id)] },
    options
  )
