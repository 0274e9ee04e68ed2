import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import type { CronJob } from './cron-jobs-query'
import { cronKeys } from './keys'

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

type Options = Omit<UseMutationOptions<CronJob, ResponseError, CronJobUpdateVariables>, 'mutationFn'>

/** Changes a cron job (name, schedule, command, active); a default error toast unless `onError` is given. */
export function useCronJobUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<CronJob, ResponseError, CronJobUpdateVariables>({
    mutationFn: updateCronJob,
    async onSuccess(data, variables, result, context) {
      await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to update cron job: ${error.message}`)
    },
    ...options,
  })
}
