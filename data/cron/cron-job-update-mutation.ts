import { useCacheMutation } from '@/data/cache-mutation'
import { patch } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { CronJob, UpdateCronJobBody } from '@/lib/api-types/cron'
import { cronKeys } from './keys'

type Variables = { projectRef: string; id: number } & UpdateCronJobBody

/** PATCH /platform/projects/{ref}/cron/jobs/{id}. */
export async function updateCronJob({ projectRef, id, ...body }: Variables): Promise<CronJob> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  return patch<CronJob>(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}`, body)
}

/** Changes a cron job (name, schedule, command, active); a default error toast unless `onError` is given. */
export const useCronJobUpdateMutation = (options: MutationOptions<CronJob, Variables> = {}) =>
  useCacheMutation({ mutationFn: updateCronJob, what: 'update cron job', invalidate: (v) => [cronKeys.jobs(v.projectRef)] }, options)
