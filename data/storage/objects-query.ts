import { post } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { StorageListEntry } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

export type { StorageListEntry } from '@/lib/api-types/storage-platform'

type Args = { projectRef?: string; bucket?: string; prefix: string }

/** POST /platform/storage/{ref}/buckets/{id}/objects/list: one level of a bucket below `prefix` (at most 1000 entries). */
export async function getObjects({ projectRef, bucket, prefix }: Args, signal?: AbortSignal): Promise<StorageListEntry[]> {
  if (!bucket) throw new Error('Bucket id is required')
  return post<StorageListEntry[]>(storageUrl(projectRef, bucket, '/objects/list'), { prefix, limit: 1000 }, { signal })
}

export const { options: objectsQueryOptions, use: useObjectsQuery } = defineQuery(({ projectRef, bucket, prefix }: Args) => storageKeys.objects(projectRef, bucket, prefix), getObjects, {
  staleTime: 10_000,
  ready: ({ projectRef, bucket }) => Boolean(projectRef && bucket),
})
