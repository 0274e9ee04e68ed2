import { PLAN_QUOTAS, type PlanId } from '@/lib/catalogue/plans'
/**
 * The rules of a project's storage that need no server: what a bucket id and an object name may
 * be, how a bucket's size limit is written (`5242880`, `'5MB'`, `'1.5 GB'`), and which content
 * types an `allowed_mime_types` list lets in (`image/*` matches `image/png`).
 */

/** Bucket ids: what Supabase lets in a bucket name, without the characters a URL would need escaped. */
export const BUCKET_ID_PATTERN = /^[A-Za-z0-9_.\-]{1,100}$/
/** Longest object name, in characters (Supabase's keys are at most 1,024). */
export const OBJECT_NAME_MAX_LENGTH = 1024

const units = (base: number): Record<string, number> => ({ b: 1, kb: base, mb: base ** 2, gb: base ** 3, tb: base ** 4 })
/** The API's units, 1000-based as the anchor reads a bucket's limit (`'20mb'` is 20,000,000 bytes; its own suite checks it). */
const API_UNITS = units(1000)
/** The dashboard's units, 1024-based as it shows sizes (a limit of 1,048,576 bytes reads "1 MB"). */
const DISPLAY_UNITS = units(1024)

function parseSize(value: number | string, table: Record<string, number>): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i.exec(value)
  if (!match) return null
  const bytes = Math.floor(Number(match[1]) * table[(match[2] ?? 'b').toLowerCase()])
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null
}

/** Bytes of a size limit sent to the API as a number or as `'<n> <unit>'` (b, kb, mb, gb, tb; 1000-based, the anchor's); null when it is not one. */
export const parseSizeLimit = (value: number | string): number | null => parseSize(value, API_UNITS)

/** Bytes of a size a member types in the dashboard (`5 MB`; 1024-based, as the dashboard shows sizes); null when it is not one. */
export const parseDisplayedSize = (value: string): number | null => parseSize(value, DISPLAY_UNITS)

/** A content type without its parameters, lower-cased (`Text/Plain; charset=utf-8` → `text/plain`). */
export function baseMimeType(contentType: string): string {
  return contentType.split(';', 1)[0].trim().toLowerCase()
}

/** Whether `contentType` is among `allowed` (each `type/subtype` or `type/*`); any type when the list is null or empty. */
export function mimeTypeAllowed(contentType: string, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  const type = baseMimeType(contentType)
  return allowed.some((entry) => {
    const want = baseMimeType(entry)
    return want === type || (want.endsWith('/*') && type.startsWith(want.slice(0, -1)))
  })
}

/** Why `name` cannot name an object, or null: empty, too long, control characters, or empty or dot folders. */
export function objectNameProblem(name: string): string | null {
  if (name === '') return 'the object name must not be empty'
  if (name.length > OBJECT_NAME_MAX_LENGTH) return `the object name must be at most ${OBJECT_NAME_MAX_LENGTH} characters`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'the object name must not contain control characters'
  if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) return `the object name "${name}" has an empty, "." or ".." part`
  return null
}

/** Whether a plan includes image transformations (spec §9 matrix; the Free plan includes none). */
export function imageTransformationsIncluded(plan: PlanId): boolean {
  return PLAN_QUOTAS[plan].storageImagesTransformed !== 0
}
