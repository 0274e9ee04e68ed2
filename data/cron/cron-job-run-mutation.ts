import { post } from '@/data/fetchers'
import type { CronRun } from './cron-jobs-query'
import { cronKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type CronJobRunVariables = { projectRef: string; id: number }

/** POST /platform/projects/{ref}/cron/jobs/{id}/run: runs the job now and answers with the ended run. */
export async function runCronJob({ projectRef, id }: CronJobRunVariables): Promise<CronRun> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  return post<CronRun>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}/run`, {})
}

/** Runs a cron job now; a default error toast unless `onError` is given. */
export function useCronJobRunMutation(options: MutationOptions<CronRun, CronJobRunVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: runCronJob,
      what: 'run cron job',
      async onSuccess(_data, variables, queryClient) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) }),
          queryClient.invalidateQueries({ queryKey: cronKeys.runs(variables.projectRef, variables.id) }),
        ])
      },
    },
    options
  )
}
