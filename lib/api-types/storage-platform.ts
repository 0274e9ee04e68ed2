/**
 * The dashboard's storage routes (`/platform/storage/{ref}/...`, Dashboard → Storage): request
 * schemas and response shapes. They act on a project's buckets and objects as its service role
 * through the same domain modules as `{url}/storage/v1`; bucket bodies are storage-js's own
 * (lib/api-types/storage.ts). The browser imports only the types of this file.
 */
import { z } from 'zod'
import { BUCKET_ID_PATTERN, objectNameProblem } from '@/lib/storage/limits'
import { MAX_SIGNED_URL_SECONDS, updateBucketBody } from './storage'

export type { StorageBucket, StorageListEntry } from './storage'

const objectPath = z
  .string('must be a string')
  .superRefine((value, ctx) => {
    const problem = objectNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** `:id` of a bucket in the path. */
export const bucketIdParam = z.string().regex(BUCKET_ID_PATTERN, 'is not a bucket id (1 to 100 letters, digits, dots, hyphens or underscores)')

/** PATCH .../buckets/:id: only what is given changes; at least one setting. */
export const patchBucketBody = updateBucketBody.refine(
  (body) => body.public !== undefined || body.file_size_limit !== undefined || body.allowed_mime_types !== undefined,
  'give at least one of public, file_size_limit, allowed_mime_types'
)
export type PatchBucketBody = z.input<typeof patchBucketBody>

/** Image transformation options of a thumbnail or preview (as storage-js's `transform`). */
export const transformOptions = z.object({
  width: z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(2500, 'must be at most 2500').optional(),
  height: z.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').max(2500, 'must be at most 2500').optional(),
  resize: z.enum(['cover', 'contain', 'fill'], 'must be cover, contain or fill').optional(),
  quality: z.number('must be a number').int('must be a whole number').min(20, 'must be at least 20').max(100, 'must be at most 100').optional(),
  format: z.enum(['origin', 'avif', 'webp'], 'must be origin, avif or webp').optional(),
})
export type TransformOptions = z.infer<typeof transformOptions>

/** POST .../objects/sign: a download URL of one object for `expiresIn` seconds, optionally transformed. */
export const signObjectUrlBody = z.object({
  path: objectPath,
  expiresIn: z.number('must be a number of seconds').int('must be a whole number of seconds').min(1, 'must be at least 1 second').max(MAX_SIGNED_URL_SECONDS, 'must be at most a year'),
  transform: transformOptions.optional(),
  download: z.boolean('must be true or false').optional(),
})
export type SignObjectUrlBody = z.input<typeof signObjectUrlBody>

/** POST .../objects/public-url */
export const publicUrlBody = z.object({ path: objectPath })

/** POST .../objects/move and .../objects/copy: within the bucket. */
export const relocateObjectBody = z.object({ from: objectPath, to: objectPath })
export type RelocateObjectBody = z.input<typeof relocateObjectBody>

/** DELETE .../objects */
export const deleteObjectsBody = z.object({
  paths: z.array(objectPath, 'must be a list of paths').min(1, 'must name at least one path').max(1000, 'must name at most 1000 paths'),
})

/** POST .../objects/upload-url: a signed upload URL for one name (upsert replaces an object of that name). */
export const uploadUrlBody = z.object({ path: objectPath, upsert: z.boolean('must be true or false').optional().default(false) })
export type UploadUrlBody = z.input<typeof uploadUrlBody>

/** A URL the browser opens or sends bytes to, absolute (the project's API URL). */
export type StorageUrl = { url: string }
/** A signed upload URL: PUT the bytes to `url` (it carries its token), for two hours. */
export type StorageUploadUrl = { url: string; path: string }
export type DeletedObjects = { deleted: string[] }
