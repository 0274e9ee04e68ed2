import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import type { StorageListEntry } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

export type { StorageListEntry } from '@/lib/api-types/storage-platform'

/** Entries per page of a folder's listing; a short page is the last one. */
export const OBJECTS_PAGE_SIZE = 200

type Args = { projectRef?: string; bucket?: string; prefix: string; search?: string }
export type ObjectsPage = { entries: StorageListEntry[]; offset: number }

/** POST /platform/storage/{ref}/buckets/{id}/objects/list: one page of one level of a bucket below `prefix`, names starting with `search`. */
export async function getObjectsPage({ projectRef, bucket, prefix, search = '' }: Args, offset: number, signal?: AbortSignal): Promise<ObjectsPage> {
  if (!bucket) throw new Error('Bucket id is required')
  const entries = await post<StorageListEntry[]>(storageUrl(projectRef, bucket, '/objects/list'), { prefix, search, limit: OBJECTS_PAGE_SIZE, offset }, { signal })
  return { entries, offset }
}

export function objectsQueryOptions(args: Args & { enabled?: boolean }) {
  return infiniteQueryOptions({
    queryKey: storageKeys.objectsPage(args.projectRef, args.bucket, args.prefix, args.search ?? ''),
    queryFn: ({ signal, pageParam }) => getObjectsPage(args, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.entries.length < OBJECTS_PAGE_SIZE ? undefined : last.offset + OBJECTS_PAGE_SIZE),
    staleTime: 10_000,
    enabled: Boolean(args.projectRef && args.bucket) && (args.enabled ?? true),
  })
}

/**
 * A folder's listing, page by page (`fetchNextPage` for the next {@link OBJECTS_PAGE_SIZE}). With
 * `keepWhileSearching`, a new search of the same folder shows the last results until its own come;
 * another folder never shows this one's entries (their paths would be wrong there).
 */
export const useObjectsQuery = (args: Args & { enabled?: boolean; keepWhileSearching?: boolean }) =>
  useInfiniteQuery({
    ...objectsQueryOptions(args),
    placeholderData: (previous, previousQuery) =>
      args.keepWhileSearching && previousQuery && sameFolder(previousQuery.queryKey, args) ? keepPreviousData(previous) : undefined,
  })

const sameFolder = (key: readonly unknown[], { projectRef, bucket, prefix }: Args) => key[1] === projectRef && key[4] === bucket && key[5] === prefix
