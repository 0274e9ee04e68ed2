import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import type { CronJob } from './cron-jobs-query'
import { cronKeys } from './keys'

export type CronJobCreateVariables = { projectRef: string; name: string; schedule: string; command: string; active?: boolean }

/** POST /platform/projects/{ref}/cron/jobs. */
export async function createCronJob({ projectRef, ...body }: CronJobCreateVariables): Promise<CronJob> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<CronJob>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs`, body)
}

type Options = Omit<UseMutationOptions<CronJob, ResponseError, CronJobCreateVariables>, 'mutationFn'>

/** Creates a cron job; a default error toast unless `onError` is given. */
export function useCronJobCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<CronJob, ResponseError, CronJobCreateVariables>({
    mutationFn: createCronJob,
    async onSuccess(data, variables, result, context) {
      await queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to create cron job: ${error.message}`)
    },
    ...options,
  })
}
