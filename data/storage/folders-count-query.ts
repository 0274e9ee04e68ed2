import { post } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { FolderChange } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

type Args = { projectRef?: string; bucket?: string; prefixes: string[] }

/** POST .../objects/folders/count: how many files the folders hold, at any depth. */
export async function getFoldersCount({ projectRef, bucket, prefixes }: Args, signal?: AbortSignal): Promise<FolderChange> {
  if (!bucket) throw new Error('Bucket id is required')
  return post<FolderChange>(storageUrl(projectRef, bucket, '/objects/folders/count'), { prefixes }, { signal })
}

export const { options: foldersCountQueryOptions, use: useFoldersCountQuery } = defineQuery(
  ({ projectRef, bucket, prefixes }: Args) => [...storageKeys.objects(projectRef, bucket), 'count', [...prefixes].sort()] as const,
  getFoldersCount,
  { staleTime: 0, ready: ({ projectRef, bucket, prefixes }) => Boolean(projectRef && bucket && prefixes.length) }
)
