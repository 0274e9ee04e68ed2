import { useCacheMutation } from '@/data/cache-mutation'
import { del } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { DeletedObjects } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; bucket: string; paths: string[] }

/** DELETE /platform/storage/{ref}/buckets/{id}/objects with the paths. */
export async function deleteObjects({ projectRef, bucket, paths }: Variables): Promise<DeletedObjects> {
  return del<DeletedObjects>(storageUrl(projectRef, bucket, '/objects'), { body: { paths } })
}

/** Deletes objects; the bucket's listings refetch. A default error toast unless `onError` is given. */
export const useObjectsDeleteMutation = (options: MutationOptions<DeletedObjects, Variables> = {}) =>
  useCacheMutation({ mutationFn: deleteObjects, what: 'delete files', invalidate: (v) => [storageKeys.objects(v.projectRef, v.bucket)] }, options)
