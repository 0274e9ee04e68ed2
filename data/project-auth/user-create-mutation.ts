import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { CreateProjectUserBody, ProjectUser } from '@/lib/api-types/project-auth'
import { projectAuthKeys, projectAuthUrl } from './keys'

type Variables = { projectRef: string } & CreateProjectUserBody

/** POST /platform/auth/{ref}/users. */
export async function createProjectUser({ projectRef, ...body }: Variables): Promise<ProjectUser> {
  return post<ProjectUser>(projectAuthUrl(projectRef, 'users'), body)
}

/** Creates a user of the project; a default error toast unless `onError` is given. */
export const useProjectUserCreateMutation = (options: MutationOptions<ProjectUser, Variables> = {}) =>
  useCacheMutation({ mutationFn: createProjectUser, what: 'create user', invalidate: (v) => [projectAuthKeys.usersAll(v.projectRef)] }, options)
