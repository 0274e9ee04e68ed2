/**
 * The `Content-Range` header and status of a read, as PostgREST answers them: `0-9/100` (or
 * `0-9/*` without a count, `*\/0` for no rows), 206 when a counted answer is only part of the
 * rows, and PGRST103 (416) when the offset lies past the last of them.
 */
import { RestError } from './errors'

/** `first-last/total`, `*` standing for an unknown total or an empty page. */
export function contentRange(offset: number, returned: number, total: number | null = null): string {
  const page = returned > 0 ? `${offset}-${offset + returned - 1}` : '*'
  return `${page}/${total ?? '*'}`
}

/**
 * 200, or 206 when the total is known and the page holds fewer rows than it; throws PGRST103 when
 * the offset lies beyond the last row (`offset > total`, as PostgREST).
 */
export function readStatus(offset: number, returned: number, total: number | null = null): 200 | 206 {
  if (total === null) return 200
  if (offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`)
  }
  return returned < total ? 206 : 200
}
