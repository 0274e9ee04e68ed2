import { patch } from '@/data/fetchers'
import type { CronJob } from './cron-jobs-query'
import { cronKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type CronJobUpdateVariables = {
  projectRef: string
  id: number
  name?: string
  schedule?: string
  command?: string
  active?: boolean
}

/** PATCH /platform/projects/{ref}/cron/jobs/{id}. */
export async function updateCronJob({ projectRef, id, ...body }: CronJobUpdateVariables): Promise<CronJob> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  return patch<CronJob>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}`, body)
}

/** Changes a cron job (name, schedule, command, active); a default error toast unless `onError` is given. */
export function useCronJobUpdateMutation(options: MutationOptions<CronJob, CronJobUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateCronJob,
      what: 'update cron job',
      async onSuccess(_data, variables, queryClient) {
        await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      },
    },
    options
  )
}
