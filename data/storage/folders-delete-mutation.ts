import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { FolderChange } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; bucket: string; prefixes: string[] }

/** POST .../objects/folders/delete: the folders with everything under them. */
export async function deleteFolders({ projectRef, bucket, prefixes }: Variables): Promise<FolderChange> {
  return post<FolderChange>(storageUrl(projectRef, bucket, '/objects/folders/delete'), { prefixes })
}

/** Deletes folders; the bucket's listings refetch. A default error toast unless `onError` is given. */
export const useFoldersDeleteMutation = (options: MutationOptions<FolderChange, Variables> = {}) =>
  useCacheMutation({ mutationFn: deleteFolders, what: 'delete folders', invalidate: (v) => [storageKeys.objects(v.projectRef, v.bucket)] }, options)
