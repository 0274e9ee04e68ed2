import sharp from 'sharp'
import type { TransformOptions } from '@/lib/api-types/storage-transform'
import { StorageApiError } from '../errors'

/**
 * The image work of a transformation, done with sharp (libvips): which origins it takes, what a
 * request's options resolve to (defaults filled in, the output format chosen), the key those
 * options are cached under, and the rendering itself.
 *
 * Caps: an origin of at most 25 MB and 50 megapixels (a larger one is refused, never decoded),
 * output sides of at most 2500 pixels (the query schema), one image (an animation's first frame).
 */

export const MAX_ORIGIN_BYTES = 25 * 1024 * 1024
export const MAX_INPUT_PIXELS = 50_000_000

type Format = 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'tiff'

/** The origin types transformed, and their format. SVG is not: it is a document, not pixels. */
const ORIGIN_FORMATS: Record<string, Format> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
}

const CONTENT_TYPES: Record<Format, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
}

/** What a transformation does, every default decided. */
export type ResolvedTransform = {
  width: number | null
  height: number | null
  resize: 'cover' | 'contain' | 'fill'
  quality: number
  format: Format
}

const notAnImage = (mimetype: string | undefined) =>
  new StorageApiError(
    415,
    'InvalidMimeType',
    `Only images can be transformed (${Object.keys(ORIGIN_FORMATS).filter((t) => t !== 'image/jpg').join(', ')}); this object is ${mimetype ?? 'of no known type'}`
  )

/** How many bytes from the start of an object sniffImageFormat reads. */
export const SNIFF_BYTES = 16

/**
 * The image format the first bytes of an object are, whatever type it was stored with (an app
 * uploading a Buffer with no content type stores `text/plain`, and the anchor still transforms
 * it, as its image server reads the bytes); undefined when they are none of the origin formats.
 */
export function sniffImageFormat(head: Uint8Array): Format | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to))
  if (head[0] === 0x89 && ascii(1, 4) === 'PNG') return 'png'
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (ascii(0, 4) === 'GIF8') return 'gif'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif'
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff'
  return undefined
}

/**
 * The transformation `options` ask of an origin whose first bytes are `head`, stored as
 * `mimetype`: the bytes decide the origin's format, the stored type only when they say nothing;
 * cover and quality 80 by default; the origin's format for `origin`, WebP when no format is asked
 * and the client accepts WebP.
 */
export function resolveTransform(options: TransformOptions, mimetype: string | undefined, accept: string | undefined, head?: Uint8Array): ResolvedTransform {
  const origin = (head && sniffImageFormat(head)) ?? (mimetype ? ORIGIN_FORMATS[mimetype.split(';')[0].trim().toLowerCase()] : undefined)
  if (!origin) throw notAnImage(mimetype)
  const asked = options.format
  const format: Format = asked && asked !== 'origin' ? asked : !asked && /image\/webp/i.test(accept ?? '') ? 'webp' : origin
  return { width: options.width ?? null, height: options.height ?? null, resize: options.resize ?? 'cover', quality: options.quality ?? 80, format }
}

/** The anchor's names of the resize modes in `X-Transformations` (its image server's). */
const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const

/**
 * `X-Transformations` as the anchor answers it: what the request asked, in its image server's
 * terms (`height:200,width:200,resizing_type:fill,quality:60`).
 */
export function transformationsHeader(options: TransformOptions): string {
  const parts: string[] = []
  if (options.height !== undefined) parts.push(`height:${options.height}`)
  if (options.width !== undefined) parts.push(`width:${options.width}`)
  if (options.width !== undefined || options.height !== undefined) parts.push(`resizing_type:${RESIZING_TYPES[options.resize ?? 'cover']}`)
  if (options.quality !== undefined) parts.push(`quality:${options.quality}`)
  if (options.format !== undefined && options.format !== 'origin') parts.push(`format:${options.format}`)
  return parts.join(',')
}

/** The cache key of a resolved transformation: equal options, equal key. */
export function transformKey(t: ResolvedTransform): string {
  return `w=${t.width ?? ''}&h=${t.height ?? ''}&r=${t.resize}&q=${t.quality}&f=${t.format}`
}

export const contentTypeOf = (t: ResolvedTransform) => CONTENT_TYPES[t.format]

/** Renders `input` as `t` asks; a 4xx when the bytes are no image or too large an one. */
export async function renderImage(input: Buffer, t: ResolvedTransform): Promise<Buffer> {
  try {
    let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient()
    if (t.width !== null || t.height !== null) {
      // `contain` pads to the asked box: transparent where the format has alpha, white elsewhere.
      const background = t.format === 'jpeg' ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 }
      image = image.resize({ width: t.width ?? undefined, height: t.height ?? undefined, fit: t.resize, background })
    }
    return await image.toFormat(t.format, { quality: t.quality }).toBuffer()
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (/pixel limit/i.test(message)) {
      throw new StorageApiError(413, 'EntityTooLarge', `The image is too large to transform: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`)
    }
    if (/unsupported image format|corrupt|premature|bad seek|invalid|decode|read error/i.test(message)) {
      throw new StorageApiError(415, 'InvalidMimeType', 'The object could not be read as an image: its bytes are not the image its type says')
    }
    throw error
  }
}
