import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { StorageBucket } from '@/lib/api-types/storage-platform'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { storageKeys, storageUrl } from './keys'

export type { StorageBucket } from '@/lib/api-types/storage-platform'

/** GET /platform/storage/{ref}/buckets: the project's buckets by name. */
export async function getBuckets({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<StorageBucket[]> {
  return get<StorageBucket[]>(storageUrl(projectRef), { signal })
}

export const { options: bucketsQueryOptions, use: useBucketsQuery } = defineQuery(({ projectRef }: { projectRef?: string }) => storageKeys.buckets(projectRef), getBuckets, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: ({ projectRef }) => Boolean(projectRef),
})
