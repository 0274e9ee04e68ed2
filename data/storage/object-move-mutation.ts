import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; bucket: string; from: string; to: string }

/** POST /platform/storage/{ref}/buckets/{id}/objects/move. */
export async function moveObject({ projectRef, bucket, from, to }: Variables): Promise<void> {
  await post(storageUrl(projectRef, bucket, '/objects/move'), { from, to })
}

/** Moves (renames) an object within its bucket. A default error toast unless `onError` is given. */
export const useObjectMoveMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: moveObject, what: 'move file', invalidate: (v) => [storageKeys.objects(v.projectRef, v.bucket)] }, options)
