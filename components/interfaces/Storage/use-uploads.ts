import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { storageKeys } from '@/data/storage/keys'
import { uploadFile } from '@/data/storage/upload-file'
import { joinPath } from '@/lib/storage/browser'

export type UploadItem = { id: number; name: string; path: string; progress: number; status: 'uploading' | 'done' | 'failed'; error?: string }

/** How many files go up at once. */
const PARALLEL = 3

/**
 * The uploads of the file browser: each file gets a signed upload URL and its bytes go to the
 * project's storage API with their progress; the folder's listing refetches as files land.
 */
export function useUploads(projectRef: string, bucket: string) {
  const queryClient = useQueryClient()
  const [items, setItems] = useState<UploadItem[]>([])
  const nextId = useRef(0)
  const patchItem = (id: number, change: Partial<UploadItem>) => setItems((all) => all.map((item) => (item.id === id ? { ...item, ...change } : item)))

  const upload = useCallback(
    async (files: readonly File[], prefix: string) => {
      const queued = files.map((file) => ({ file, item: { id: nextId.current++, name: file.name, path: joinPath(prefix, file.name), progress: 0, status: 'uploading' as const } }))
      setItems((all) => [...all.filter((i) => i.status === 'uploading'), ...queued.map((q) => q.item)])
      const work = [...queued]
      const worker = async () => {
        for (let next = work.shift(); next; next = work.shift()) {
          const { file, item } = next
          try {
            await uploadFile({ projectRef, bucket, path: item.path, file, onProgress: (progress) => patchItem(item.id, { progress }) })
            patchItem(item.id, { status: 'done', progress: 1 })
          } catch (error) {
            patchItem(item.id, { status: 'failed', error: (error as Error).message })
          }
          void queryClient.invalidateQueries({ queryKey: storageKeys.objects(projectRef, bucket) })
        }
      }
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queued.length) }, worker))
    },
    [projectRef, bucket, queryClient]
  )

  const clearFinished = useCallback(() => setItems((all) => all.filter((i) => i.status === 'uploading')), [])
  return { items, upload, clearFinished }
}
