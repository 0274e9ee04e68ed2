import { useCacheMutation } from '@/data/cache-mutation'
import { del } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { cronKeys } from './keys'

type Variables = { projectRef: string; id: number }

/** DELETE /platform/projects/{ref}/cron/jobs/{id}: the job and its run history. */
export async function deleteCronJob({ projectRef, id }: Variables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Cron job id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/cron/jobs/${id}`)
}

/** Deletes a cron job; a default error toast unless `onError` is given. */
export const useCronJobDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation(
    { mutationFn: deleteCronJob, what: 'delete cron job', remove: (v) => [cronKeys.runs(v.projectRef, v.id)], invalidate: (v) => [cronKeys.jobs(v.projectRef)] },
    options
  )
