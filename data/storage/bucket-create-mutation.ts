import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { StorageBucket } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

export type BucketSettings = { public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }
type Variables = { projectRef: string; name: string } & BucketSettings

/** POST /platform/storage/{ref}/buckets. */
export async function createBucket({ projectRef, ...body }: Variables): Promise<StorageBucket> {
  return post<StorageBucket>(storageUrl(projectRef), body)
}

/** Creates a bucket; a default error toast unless `onError` is given. */
export const useBucketCreateMutation = (options: MutationOptions<StorageBucket, Variables> = {}) =>
  useCacheMutation({ mutationFn: createBucket, what: 'create bucket', invalidate: (v) => [storageKeys.buckets(v.projectRef)] }, options)
