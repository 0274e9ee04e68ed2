import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import type { MutationOptions } from '@/data/mutation'
import type { CreateCronJobBody, CronJob } from '@/lib/api-types/cron'
import { cronKeys } from './keys'

type Variables = { projectRef: string } & CreateCronJobBody

/** POST /platform/projects/{ref}/cron/jobs. */
export async function createCronJob({ projectRef, ...body }: Variables): Promise<CronJob> {
  return post<CronJob>(projectUrl(projectRef, 'cron/jobs'), body)
}

/** Creates a cron job; a default error toast unless `onError` is given. */
export const useCronJobCreateMutation = (options: MutationOptions<CronJob, Variables> = {}) =>
  useCacheMutation({ mutationFn: createCronJob, what: 'create cron job', invalidate: (v) => [cronKeys.jobs(v.projectRef)] }, options)
