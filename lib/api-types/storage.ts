/**
 * The request bodies and queries of a project's storage API (`{url}/storage/v1`), as
 * `@supabase/storage-js` sends them, and the shapes it reads back. Objects are lenient about
 * fields they do not know (storage-js adds options over time: `type`, `versioning_status`), strict
 * about the ones they do.
 */
import { z } from 'zod'
import { BUCKET_ID_PATTERN, parseSizeLimit } from '@/lib/storage/limits'
import { transformOptions } from './storage-transform'

/** A bucket as storage-js reads it. */
export type StorageBucket = {
  id: string
  name: string
  owner: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

/** An entry of `POST /object/list/:bucket`: an object, or a folder (every field but `name` null). */
export type StorageListEntry = {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

const bucketId = z.string('must be a string').regex(BUCKET_ID_PATTERN, 'must be 1 to 100 letters, digits, dots, hyphens or underscores')
const sizeLimit = z
  .union([z.number(), z.string()], 'must be a number of bytes or a size such as "5MB"')
  .nullable()
  .optional()
  .refine((v) => v === null || v === undefined || parseSizeLimit(v) !== null, 'must be a positive number of bytes or a size such as "5MB"')
  .transform((v) => (v === null || v === undefined ? v : parseSizeLimit(v)))
const mimeTypes = z
  .array(z.string('must be a string').regex(/^[\w.+-]+\/(\*|[\w.+-]+)$/, 'must be a MIME type such as "image/png" or "image/*"'), 'must be a list of MIME types')
  .max(100, 'must list at most 100 types')
  .nullable()
  .optional()

/** POST /storage/v1/bucket */
export const createBucketBody = z.object({
  id: bucketId.optional(),
  name: bucketId,
  public: z.boolean('must be true or false').optional().default(false),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
})
export type CreateBucketInput = z.infer<typeof createBucketBody>

/** PUT /storage/v1/bucket/:id (only what is given changes) */
export const updateBucketBody = z.object({
  public: z.boolean('must be true or false').optional(),
  file_size_limit: sizeLimit,
  allowed_mime_types: mimeTypes,
})
export type UpdateBucketInput = z.infer<typeof updateBucketBody>

const count = (max: number) => z.coerce.number('must be a number').int('must be a whole number').min(0, 'must not be negative').max(max, `must be at most ${max}`)

/** GET /storage/v1/bucket */
export const listBucketsQuery = z.object({
  limit: count(1000).optional(),
  offset: count(1_000_000).optional(),
  search: z.string().max(200, 'must be at most 200 characters').optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at'], 'must be one of id, name, created_at, updated_at').optional(),
  sortOrder: z.enum(['asc', 'desc'], 'must be asc or desc').optional(),
})
export type ListBucketsQuery = z.infer<typeof listBucketsQuery>

/** POST /storage/v1/object/list/:bucket */
export const listObjectsBody = z.object({
  prefix: z.string('must be a string').max(1024, 'must be at most 1024 characters').optional().default(''),
  limit: count(1000).optional().default(100),
  offset: count(1_000_000).optional().default(0),
  search: z.string('must be a string').max(200, 'must be at most 200 characters').optional().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at'], 'must be one of name, updated_at, created_at, last_accessed_at').optional().default('name'),
      order: z.enum(['asc', 'desc'], 'must be asc or desc').optional().default('asc'),
    }, 'must be an object')
    .optional()
    .default({ column: 'name', order: 'asc' }),
})
export type ListObjectsInput = z.infer<typeof listObjectsBody>

const objectKey = z.string('must be a string').min(1, 'must not be empty')

/** POST /storage/v1/object/move and /object/copy */
export const moveObjectBody = z.object({
  bucketId,
  sourceKey: objectKey,
  destinationKey: objectKey,
  destinationBucket: bucketId.optional(),
})
export type MoveObjectInput = z.infer<typeof moveObjectBody>

/** Longest a signed URL may live: a year, as Supabase allows. */
export const MAX_SIGNED_URL_SECONDS = 365 * 24 * 3600
const expiresIn = z.number('must be a number of seconds').int('must be a whole number of seconds').min(1, 'must be at least 1 second').max(MAX_SIGNED_URL_SECONDS, 'must be at most a year')

/** POST /storage/v1/object/sign/:bucket/:path */
export const signObjectBody = z.object({ expiresIn, transform: transformOptions.optional() })
/** POST /storage/v1/object/sign/:bucket */
export const signObjectsBody = z.object({ expiresIn, paths: z.array(objectKey, 'must be a list of paths').min(1, 'must name at least one path').max(1000, 'must name at most 1000 paths') })

/** DELETE /storage/v1/object/:bucket */
export const removeObjectsBody = z.object({
  prefixes: z
    .array(z.union([objectKey, z.object({ path: objectKey })], 'must be a path'), 'must be a list of paths')
    .min(1, 'must name at least one path')
    .max(1000, 'must name at most 1000 paths'),
})

/** `?token=` of a signed URL */
export const signedTokenQuery = z.object({ token: z.string('is required').min(1, 'is required'), download: z.string().optional() })

/** POST /storage/v1/bucket/:id/empty and /object/upload/sign/...: storage-js sends `{}` */
export const emptyBody = z.object({}, 'must be a JSON object')

/** POST /storage/v1/object/list-v2/:bucket (storage-js `listV2`): keys after `cursor` in name order, flat or one level (`with_delimiter`). */
export const listObjectsV2Body = z.object({
  prefix: z.string('must be a string').max(1024, 'must be at most 1024 characters').optional().default(''),
  cursor: z.string('must be a string').max(1024, 'must be at most 1024 characters').optional(),
  limit: count(1000).min(1, 'must be at least 1').optional().default(1000),
  with_delimiter: z.boolean('must be true or false').optional().default(false),
  sortBy: z
    .object({ column: z.literal('name', 'must be name').optional(), order: z.enum(['asc'], 'must be asc').optional() }, 'must be an object')
    .optional(),
})
export type ListObjectsV2Input = z.infer<typeof listObjectsV2Body>
