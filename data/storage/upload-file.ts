import { post } from '@/data/fetchers'
import type { StorageUploadUrl } from '@/lib/api-types/storage-platform'
import { xhrUpload } from '@/data/xhr-upload'
import { storageUrl } from './keys'

type Target = { projectRef: string; bucket: string; path: string; upsert?: boolean }

/** POST .../objects/upload-url: a signed upload URL (two hours) for one path. */
export async function getUploadUrl({ projectRef, bucket, path, upsert = false }: Target): Promise<StorageUploadUrl> {
  return post<StorageUploadUrl>(storageUrl(projectRef, bucket, '/objects/upload-url'), { path, upsert })
}

/**
 * Uploads `file` as `path`: the platform mints a signed upload URL, then the bytes go straight to
 * the project's storage API with XMLHttpRequest (fetch reports no upload progress), `onProgress`
 * told the fraction sent. Rejects with the storage API's message; `signal` aborts.
 */
export async function uploadFile(target: Target & { file: Blob; onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<void> {
  const { url } = await getUploadUrl(target)
  const { status, text } = await xhrUpload({
    method: 'PUT',
    url,
    headers: { 'content-type': target.file.type || 'application/octet-stream' },
    body: target.file,
    onProgress: target.onProgress,
    signal: target.signal,
    messages: { lost: 'The upload failed: the connection to the storage API was lost', cancelled: 'The upload was cancelled' },
  })
  if (status < 200 || status >= 300) throw new Error(uploadError(text, status))
  target.onProgress?.(1)
}

function uploadError(body: string, status: number): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message
    if (typeof message === 'string' && message) return message
  } catch {
    // not JSON: the status says it
  }
  return `The upload failed (HTTP ${status})`
}
