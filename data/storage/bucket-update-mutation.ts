import { useCacheMutation } from '@/data/cache-mutation'
import { patch } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { StorageBucket } from '@/lib/api-types/storage-platform'
import type { BucketSettings } from './bucket-create-mutation'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; id: string } & Partial<BucketSettings>

/** PATCH /platform/storage/{ref}/buckets/{id}. */
export async function updateBucket({ projectRef, id, ...body }: Variables): Promise<StorageBucket> {
  return patch<StorageBucket>(storageUrl(projectRef, id), body)
}

/** Changes a bucket's settings; a default error toast unless `onError` is given. */
export const useBucketUpdateMutation = (options: MutationOptions<StorageBucket, Variables> = {}) =>
  useCacheMutation({ mutationFn: updateBucket, what: 'update bucket', invalidate: (v) => [storageKeys.buckets(v.projectRef)] }, options)
