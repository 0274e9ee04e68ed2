import { del } from '@/data/fetchers'
import { cronKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type CronJobDeleteVariables = { projectRef: string; id: number }

/** DELETE /platform/projects/{ref}/cron/jobs/{id}: the job and its run history. */
export async function deleteCronJob({ projectRef, id }: CronJobDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}`)
}

/** Deletes a cron job; a default error toast unless `onError` is given. */
export function useCronJobDeleteMutation(options: MutationOptions<void, CronJobDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteCronJob,
      what: 'delete cron job',
      async onSuccess(_data, variables, queryClient) {
        queryClient.removeQueries({ queryKey: cronKeys.runs(variables.projectRef, variables.id) })
        await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      },
    },
    options
  )
}
