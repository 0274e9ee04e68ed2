import { post } from '@/data/fetchers'
import type { CronJob } from './cron-jobs-query'
import { cronKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type CronJobCreateVariables = { projectRef: string; name: string; schedule: string; command: string; active?: boolean }

/** POST /platform/projects/{ref}/cron/jobs. */
export async function createCronJob({ projectRef, ...body }: CronJobCreateVariables): Promise<CronJob> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<CronJob>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs`, body)
}

/** Creates a cron job; a default error toast unless `onError` is given. */
export function useCronJobCreateMutation(options: MutationOptions<CronJob, CronJobCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createCronJob,
      what: 'create cron job',
      async onSuccess(_data, variables, queryClient) {
        await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      },
    },
    options
  )
}
