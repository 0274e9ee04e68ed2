import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import type { CronRun } from './cron-jobs-query'
import { cronKeys } from './keys'

export type CronJobRunVariables = { projectRef: string; id: number }

/** POST /platform/projects/{ref}/cron/jobs/{id}/run: runs the job now and answers with the ended run. */
export async function runCronJob({ projectRef, id }: CronJobRunVariables): Promise<CronRun> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  return post<CronRun>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}/run`, {})
}

type Options = Omit<UseMutationOptions<CronRun, ResponseError, CronJobRunVariables>, 'mutationFn'>

/** Runs a cron job now; a default error toast unless `onError` is given. */
export function useCronJobRunMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<CronRun, ResponseError, CronJobRunVariables>({
    mutationFn: runCronJob,
    async onSuccess(data, variables, result, context) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cronKeys.jobs(variables.projectRef) }),
        queryClient.invalidateQueries({ queryKey: cronKeys.runs(variables.projectRef, variables.id) }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to run cron job: ${error.message}`)
    },
    ...options,
  })
}
