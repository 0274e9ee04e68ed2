import { post } from '@/data/fetchers'
import type { StorageUploadUrl } from '@/lib/api-types/storage-platform'
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
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', url)
    xhr.setRequestHeader('content-type', target.file.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) target.onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        target.onProgress?.(1)
        resolve()
      } else reject(new Error(uploadError(xhr.responseText, xhr.status)))
    }
    xhr.onerror = () => reject(new Error('The upload failed: the connection to the storage API was lost'))
    xhr.onabort = () => reject(new Error('The upload was cancelled'))
    target.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(target.file)
  })
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
