import type { StorageListEntry } from '@/data/storage/objects-query'

/** An entry of the file browser: its full path in the bucket, and whether it is a folder. */
export type FileEntry = StorageListEntry & { path: string; folder: boolean }

/** What the listing's metadata says of a file. */
export function fileFacts(entry: StorageListEntry): { size: number | null; mimetype: string | undefined } {
  const meta = entry.metadata ?? {}
  return { size: typeof meta.size === 'number' ? meta.size : null, mimetype: typeof meta.mimetype === 'string' ? meta.mimetype : undefined }
}
