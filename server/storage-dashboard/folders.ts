import type { FolderChange } from '@/lib/api-types/storage-platform'
import { FOLDER_PLACEHOLDER } from '@/lib/storage/browser'
import { ApiError } from '../http/errors'
import type { RequestSession } from '../projects/request-role'
import { getBucket } from '../storage/buckets'
import { byteStore } from '../storage/byte-store-in-use'
import { deleteObjects, listObjects, moveObject } from '../storage/objects'
import { asService } from './manage'

/**
 * Folders as units (Dashboard → Storage): a folder is every object whose name starts with it, so
 * counting, deleting or moving one lists it level by level as the service role through the
 * storage API's own listing, then acts on all of them in the one transaction that listed them:
 * whole or not at all, as every write of the platform (bytes go after the commit).
 */

const LIST_PAGE = 1000
const DELETE_BATCH = 1000
const byName = { column: 'name', order: 'asc' } as const
/** A listing's first entry only: whether a folder holds anything. */
const FIRST_NAME = { limit: 1, offset: 0, search: '', sortBy: byName }

/** Every object name under `folder` (no trailing slash), at any depth. */
async function namesUnder(session: RequestSession, bucket: string, folder: string): Promise<string[]> {
  const names: string[] = []
  const pending = [folder]
  while (pending.length) {
    const prefix = pending.pop()!
    for (let offset = 0; ; offset += LIST_PAGE) {
      const page = await listObjects(session, bucket, { prefix, limit: LIST_PAGE, offset, search: '', sortBy: byName })
      for (const entry of page) (entry.id === null ? pending : names).push(`${prefix}/${entry.name}`)
      if (page.length < LIST_PAGE) break
    }
  }
  return names
}

/** The names under each folder (once, should folders nest). */
async function namesUnderAll(session: RequestSession, bucket: string, folders: readonly string[]): Promise<string[]> {
  const all = new Set<string>()
  for (const folder of folders) for (const name of await namesUnder(session, bucket, folder)) all.add(name)
  return [...all]
}

/** The names under each folder, after the bucket is found. */
function listFolders(ref: string, bucket: string, folders: readonly string[], signal?: AbortSignal): Promise<string[]> {
  return asService(ref, async (s) => {
    await getBucket(s, bucket)
    return namesUnderAll(s, bucket, folders)
  }, signal)
}

/** Files a person would count: the placeholders that keep empty folders are not. */
const filesAmong = (names: readonly string[]) => names.filter((n) => !n.endsWith(`/${FOLDER_PLACEHOLDER}`) && n !== FOLDER_PLACEHOLDER).length

const batches = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

/** How many files the folders hold, at any depth (what a confirm says will go). */
export async function countFoldersOf(ref: string, bucket: string, folders: readonly string[], signal?: AbortSignal): Promise<FolderChange> {
  return { files: filesAmong(await listFolders(ref, bucket, folders, signal)) }
}

/**
 * Deletes everything under the folders (404 when they hold nothing) in one transaction, so a
 * failure deletes nothing; the bytes go once it commits.
 */
export async function deleteFoldersOf(ref: string, bucket: string, folders: readonly string[], signal?: AbortSignal): Promise<FolderChange> {
  const rows = await asService(ref, async (s) => {
    await getBucket(s, bucket)
    const names = await namesUnderAll(s, bucket, folders)
    if (names.length === 0) throw new ApiError(404, `No objects under ${folders.join(', ')}`)
    const deleted: Awaited<ReturnType<typeof deleteObjects>> = []
    for (const batch of batches(names, DELETE_BATCH)) deleted.push(...(await deleteObjects(s, bucket, batch)))
    return deleted
  }, signal)
  await byteStore().remove(ref, rows.flatMap((r) => (r.version ? [r.version] : [])))
  return { files: filesAmong(rows.map((r) => r.name)) }
}

/**
 * Moves (renames) a folder: each object under `from` goes to the same place under `to`, in one
 * transaction, so a move is whole or not at all. Refused before anything moves when `to` is inside
 * `from` or already holds objects, so a move never merges two folders.
 */
export async function moveFolderOf(ref: string, bucket: string, from: string, to: string, signal?: AbortSignal): Promise<FolderChange> {
  if (to === from || to.startsWith(`${from}/`)) throw new ApiError(400, `Cannot move ${from} into itself`)
  const names = await asService(ref, async (s) => {
    await getBucket(s, bucket)
    const names = await namesUnder(s, bucket, from)
    if (names.length === 0) throw new ApiError(404, `No objects under ${from}`)
    if ((await listObjects(s, bucket, { ...FIRST_NAME, prefix: to })).length > 0) throw new ApiError(409, `A folder named ${to} already exists`)
    for (const name of names) await moveObject(s, { bucket, name }, { bucket, name: `${to}${name.slice(from.length)}` })
    return names
  }, signal)
  return { files: filesAmong(names) }
}
