import { useQuery } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { StorageUrl, TransformOptions } from '@/lib/api-types/storage-platform'
import { storageKeys, storageUrl } from './keys'

type Target = { projectRef: string; bucket: string; path: string }

/** POST .../objects/sign: a signed download URL for `expiresIn` seconds (transformed when asked). */
export async function signObjectUrl({ projectRef, bucket, path, expiresIn, transform }: Target & { expiresIn: number; transform?: TransformOptions }, signal?: AbortSignal): Promise<string> {
  return (await post<StorageUrl>(storageUrl(projectRef, bucket, '/objects/sign'), { path, expiresIn, transform }, { signal })).url
}

/** POST .../objects/public-url: the public URL of an object of a public bucket. */
export async function publicObjectUrl({ projectRef, bucket, path }: Target): Promise<string> {
  return (await post<StorageUrl>(storageUrl(projectRef, bucket, '/objects/public-url'), { path })).url
}

/** How long the screens' own URLs live: ten minutes, refetched well before. */
const VIEW_SECONDS = 600
export const THUMBNAIL_TRANSFORM: TransformOptions = { width: 160, height: 160, resize: 'cover', quality: 70 }

/** A short-lived signed URL to show an object (a preview, or a thumbnail through the transformation endpoint). */
export function useSignedViewUrl({ projectRef, bucket, path, kind, enabled = true }: Partial<Target> & { kind: 'preview' | 'thumbnail'; enabled?: boolean }) {
  return useQuery({
    queryKey: storageKeys.signed(projectRef, bucket, path, kind),
    queryFn: ({ signal }) =>
      signObjectUrl({ projectRef: projectRef!, bucket: bucket!, path: path!, expiresIn: VIEW_SECONDS, transform: kind === 'thumbnail' ? THUMBNAIL_TRANSFORM : undefined }, signal),
    staleTime: (VIEW_SECONDS / 2) * 1000,
    enabled: enabled && Boolean(projectRef && bucket && path),
    retry: false,
  })
}

/** Makes a URL to copy: the public URL of a public bucket's file, else a signed one for `expiresIn` seconds. Errors are shown in place. */
export const useCopyUrlMutation = (options: MutationOptions<string, Target & { expiresIn: number | null }> = {}) =>
  useDataMutation(
    { mutationFn: ({ expiresIn, ...target }: Target & { expiresIn: number | null }) => (expiresIn === null ? publicObjectUrl(target) : signObjectUrl({ ...target, expiresIn })), what: 'get URL' },
    options
  )
