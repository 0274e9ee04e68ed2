import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { ProjectUser, UpdateProjectUserBody } from '@/lib/api-types/project-auth'
import { projectAuthKeys, projectAuthUrl, projectUserPath } from './keys'

type Variables = { projectRef: string; id: string } & UpdateProjectUserBody

/** PATCH /platform/auth/{ref}/users/{id}: ban or unban, confirm the address, replace the metadata. */
export async function updateProjectUser({ projectRef, id, ...body }: Variables): Promise<ProjectUser> {
  return patch<ProjectUser>(projectAuthUrl(projectRef, projectUserPath(id)), body)
}

/** Changes a user: the answer replaces the cached user, the list is refetched. A default error toast unless `onError` is given. */
export const useProjectUserUpdateMutation = (options: MutationOptions<ProjectUser, Variables> = {}) =>
  useDataMutation(
    {
      mutationFn: updateProjectUser,
      what: 'update user',
      async onSuccess(user, { projectRef }, queryClient) {
        queryClient.setQueryData(projectAuthKeys.user(projectRef, user.id), user)
        await queryClient.invalidateQueries({ queryKey: projectAuthKeys.usersAll(projectRef) })
      },
    },
    options
  )
