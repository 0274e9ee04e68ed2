import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { FolderChange } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

type Variables = { projectRef: string; bucket: string; from: string; to: string }

/** POST .../objects/folders/move: a folder and everything under it, to a new path. */
export async function moveFolder({ projectRef, bucket, from, to }: Variables): Promise<FolderChange> {
  return post<FolderChange>(storageUrl(projectRef, bucket, '/objects/folders/move'), { from, to })
}

/** Moves (renames) a folder; the bucket's listings refetch. A default error toast unless `onError` is given. */
export const useFolderMoveMutation = (options: MutationOptions<FolderChange, Variables> = {}) =>
  useCacheMutation({ mutationFn: moveFolder, what: 'move folder', invalidate: (v) => [storageKeys.objects(v.projectRef, v.bucket)] }, options)
