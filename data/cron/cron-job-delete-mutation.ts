import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { cronKeys } from './keys'

export type CronJobDeleteVariables = { projectRef: string; id: number }

/** DELETE /platform/projects/{ref}/cron/jobs/{id}: the job and its run history. */
export async function deleteCronJob({ projectRef, id }: CronJobDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, CronJobDeleteVariables>, 'mutationFn'>

/** Deletes a cron job; a default error toast unless `onError` is given. */
export function useCronJobDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, CronJobDeleteVariables>({
    mutationFn: deleteCronJob,
    async onSuccess(data, variables, result, context) {
      queryClient.removeQueries({ queryKey: cronKeys.runs(variables.projectRef, variables.id) })
      await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to delete cron job: ${error.message}`)
    },
    ...options,
  })
}
