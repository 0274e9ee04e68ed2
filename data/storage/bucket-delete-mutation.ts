import { useCacheMutation } from '@/data/cache-mutation'
import { del, post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; id: string; action: 'empty' | 'delete' }

/** DELETE /platform/storage/{ref}/buckets/{id} (with its objects), or POST .../empty (the objects only). */
export async function emptyOrDeleteBucket({ projectRef, id, action }: Variables): Promise<void> {
  if (action === 'empty') await post(storageUrl(projectRef, id, '/empty'), {})
  else await del(storageUrl(projectRef, id))
}

/** Empties or deletes a bucket; its objects leave the cache. A default error toast unless `onError` is given. */
export const useBucketDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation(
    {
      mutationFn: emptyOrDeleteBucket,
      what: 'change bucket',
      remove: (v) => [storageKeys.objects(v.projectRef, v.id)],
      invalidate: (v) => [storageKeys.buckets(v.projectRef)],
    },
    options
  )
