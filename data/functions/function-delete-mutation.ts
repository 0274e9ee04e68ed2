import { del } from '@/data/fetchers'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import { functionPath, functionsKeys } from './keys'

type Variables = { projectRef: string; slug: string }

/** DELETE /platform/projects/{ref}/functions/{slug}: the function and all its versions. */
export async function deleteFunction({ projectRef, slug }: Variables): Promise<void> {
  await del(functionPath(projectRef, slug))
}

export const useFunctionDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation(
    {
      mutationFn: deleteFunction,
      what: 'delete function',
      remove: (v) => [functionsKeys.detail(v.projectRef, v.slug), functionsKeys.versions(v.projectRef, v.slug)],
      invalidate: (v) => [functionsKeys.list(v.projectRef)],
    },
    options
  )
