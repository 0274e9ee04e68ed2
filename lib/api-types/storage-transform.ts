/**
 * The options of a project's image transformations (`{url}/storage/v1/render/image/...`), as
 * `@supabase/storage-js` sends them: query parameters of a download or public URL, or the
 * `transform` object of a signed URL's request (`createSignedUrl(path, expiresIn, { transform })`).
 */
import { z } from 'zod'

/** Largest width or height asked of a transformation, in pixels. */
export const MAX_TRANSFORM_DIMENSION = 2500

export const TRANSFORM_RESIZE_MODES = ['cover', 'contain', 'fill'] as const
/** `origin` keeps the origin's format; without `format`, WebP when the client accepts it. */
export const TRANSFORM_FORMATS = ['origin', 'webp', 'avif', 'png', 'jpeg'] as const

const dimension = z.coerce
  .number('must be a number of pixels')
  .int('must be a whole number of pixels')
  .min(1, 'must be at least 1 pixel')
  .max(MAX_TRANSFORM_DIMENSION, `must be at most ${MAX_TRANSFORM_DIMENSION} pixels`)

/** The fields of a transformation, for the schemas that take one (here and lib/api-types/storage-platform.ts). */
export const transformFields = {
  width: dimension.optional(),
  height: dimension.optional(),
  resize: z.enum(TRANSFORM_RESIZE_MODES, 'must be cover, contain or fill').optional(),
  quality: z.coerce.number('must be a number').int('must be a whole number').min(20, 'must be at least 20').max(100, 'must be at most 100').optional(),
  format: z.enum(TRANSFORM_FORMATS, `must be one of ${TRANSFORM_FORMATS.join(', ')}`).optional(),
}

/** The `transform` of POST /storage/v1/object/sign/:bucket/*path. */
export const transformOptions = z.object(transformFields, 'must be an object of width, height, resize, quality and format')
export type TransformOptions = z.infer<typeof transformOptions>

/** GET /storage/v1/render/image/authenticated|public/:bucket/*path */
export const transformQuery = z.object({ ...transformFields, download: z.string().optional() })

/** GET /storage/v1/render/image/sign/:bucket/*path: the options are the token's, never the query's. */
export const signedTransformQuery = z.object({ ...transformFields, token: z.string('is required').min(1, 'is required'), download: z.string().optional() })
