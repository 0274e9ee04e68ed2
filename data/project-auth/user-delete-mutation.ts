import { useCacheMutation } from '@/data/cache-mutation'
import { del } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { projectAuthKeys, projectAuthUrl, projectUserPath } from './keys'

type Variables = { projectRef: string; id: string }

/** DELETE /platform/auth/{ref}/users/{id}. */
export async function deleteProjectUser({ projectRef, id }: Variables): Promise<void> {
  await del(projectAuthUrl(projectRef, projectUserPath(id)))
}

/** Deletes a user: its cached detail goes, the list is refetched. A default error toast unless `onError` is given. */
export const useProjectUserDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation(
    {
      mutationFn: deleteProjectUser,
      what: 'delete user',
      remove: (v) => [projectAuthKeys.user(v.projectRef, v.id)],
      invalidate: (v) => [projectAuthKeys.usersAll(v.projectRef)],
    },
    options
  )
