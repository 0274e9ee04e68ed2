/**
 * The dashboard's storage routes (`/platform/storage/{ref}/...`, Dashboard → Storage): request
 * schemas and response shapes. They act on a project's buckets and objects as its service role
 * through the same domain modules as `{url}/storage/v1`; bucket bodies are storage-js's own
 * (lib/api-types/storage.ts). The browser imports only the types of this file.
 */
import { z } from 'zod'
import { transformFields } from './storage-transform'
import { BUCKET_ID_PATTERN, objectNameProblem } from '@/lib/storage/limits'
import { createBucketBody, MAX_SIGNED_URL_SECONDS, updateBucketBody } from './storage'

export type { StorageBucket, StorageListEntry } from './storage'

const objectPath = z
  .string('must be a string')
  .superRefine((value, ctx) => {
    const problem = objectNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** `:id` of a bucket in the path. */
export const bucketIdParam = z.string().regex(BUCKET_ID_PATTERN, 'is not a bucket id (1 to 100 letters, digits, dots, hyphens or underscores)')

/** A bucket's file size limit as the dashboard sends it: bytes, or null for the plan's limit. */
const fileSizeLimit = z.number('must be a number of bytes or null').int('must be a whole number of bytes').positive('must be positive').nullable().optional()

/** POST .../buckets (storage-js's fields, the size in bytes; unknown ones refused, as on every platform route). */
export const createBucketPlatformBody = z.strictObject({ ...createBucketBody.shape, file_size_limit: fileSizeLimit })

/** PATCH .../buckets/:id: only what is given changes; at least one setting. */
export const patchBucketBody = z.strictObject({ ...updateBucketBody.shape, file_size_limit: fileSizeLimit }).refine(
  (body) => body.public !== undefined || body.file_size_limit !== undefined || body.allowed_mime_types !== undefined,
  'give at least one of public, file_size_limit, allowed_mime_types'
)
export type PatchBucketBody = z.input<typeof patchBucketBody>

const whole = (max: number) => z.number('must be a number').int('must be a whole number').min(0, 'must not be negative').max(max, `must be at most ${max}`)

/** POST .../objects/list: one level below `prefix` (the storage API's listing, strict). */
export const listObjectsPlatformBody = z.strictObject({
  prefix: z.string('must be a string').max(1024, 'must be at most 1024 characters').optional().default(''),
  limit: whole(1000).optional().default(100),
  offset: whole(1_000_000).optional().default(0),
  search: z.string('must be a string').max(200, 'must be at most 200 characters').optional().default(''),
  sortBy: z
    .strictObject({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at'], 'must be one of name, updated_at, created_at, last_accessed_at').optional().default('name'),
      order: z.enum(['asc', 'desc'], 'must be asc or desc').optional().default('asc'),
    }, 'must be an object')
    .optional()
    .default({ column: 'name', order: 'asc' }),
})

/** Image transformation options of a thumbnail or preview (as storage-js's `transform`; the storage API's fields). */
export const transformOptions = z.strictObject(transformFields, 'must be an object of width, height, resize, quality and format')
export type TransformOptions = z.infer<typeof transformOptions>

/** POST .../objects/sign: a download URL of one object for `expiresIn` seconds, optionally transformed. */
export const signObjectUrlBody = z.strictObject({
  path: objectPath,
  expiresIn: z.number('must be a number of seconds').int('must be a whole number of seconds').min(1, 'must be at least 1 second').max(MAX_SIGNED_URL_SECONDS, 'must be at most a year'),
  transform: transformOptions.optional(),
  download: z.boolean('must be true or false').optional(),
})
export type SignObjectUrlBody = z.input<typeof signObjectUrlBody>

/** POST .../objects/public-url */
export const publicUrlBody = z.strictObject({ path: objectPath })

/** POST .../objects/move and .../objects/copy: within the bucket. */
export const relocateObjectBody = z.strictObject({ from: objectPath, to: objectPath })
export type RelocateObjectBody = z.input<typeof relocateObjectBody>

/** DELETE .../objects */
export const deleteObjectsBody = z.strictObject({
  paths: z.array(objectPath, 'must be a list of paths').min(1, 'must name at least one path').max(1000, 'must name at most 1000 paths'),
})

/** POST .../objects/upload-url: a signed upload URL for one name (upsert replaces an object of that name). */
export const uploadUrlBody = z.strictObject({ path: objectPath, upsert: z.boolean('must be true or false').optional().default(false) })
export type UploadUrlBody = z.input<typeof uploadUrlBody>

/** A URL the browser opens or sends bytes to, absolute (the project's API URL). */
export type StorageUrl = { url: string }
/** A signed upload URL: PUT the bytes to `url` (it carries its token), for two hours. */
export type StorageUploadUrl = { url: string; path: string }
export type DeletedObjects = { deleted: string[] }

/** A folder as the dashboard names it: a path without leading or trailing slashes. */
const folderPath = z
  .string('must be a string')
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .superRefine((value, ctx) => {
    const problem = objectNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem.replace('object name', 'folder') })
  })

/** POST .../objects/folders/count and .../objects/folders/delete: folders, each with everything under it. */
export const foldersBody = z.strictObject({
  prefixes: z.array(folderPath, 'must be a list of folders').min(1, 'must name at least one folder').max(100, 'must name at most 100 folders'),
})
export type FoldersBody = z.input<typeof foldersBody>

/** POST .../objects/folders/move: a folder and everything under it, to a new path. */
export const moveFolderBody = z.strictObject({ from: folderPath, to: folderPath })
export type MoveFolderBody = z.input<typeof moveFolderBody>

/** What a folder action counted, deleted or moved: files, at any depth (folder placeholders not counted). */
export type FolderChange = { files: number }
