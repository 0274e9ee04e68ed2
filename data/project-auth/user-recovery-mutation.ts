import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { ProjectUserRecovery } from '@/lib/api-types/project-auth'
import { projectAuthUrl, projectUserPath } from './keys'

type Variables = { projectRef: string; id: string }

/** POST /platform/auth/{ref}/users/{id}/recovery: a one-time recovery link (no mail is sent). */
export async function createProjectUserRecovery({ projectRef, id }: Variables): Promise<ProjectUserRecovery> {
  return post<ProjectUserRecovery>(projectAuthUrl(projectRef, projectUserPath(id, '/recovery')), {})
}

/** Makes a recovery link for the member to pass on; nothing cached changes. A default error toast unless `onError` is given. */
export const useProjectUserRecoveryMutation = (options: MutationOptions<ProjectUserRecovery, Variables> = {}) =>
  useDataMutation({ mutationFn: createProjectUserRecovery, what: 'make a recovery link' }, options)
