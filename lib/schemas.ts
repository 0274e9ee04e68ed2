/** Database schemas the dashboard hides from users (spec §5). */

import { EXCLUDED_SCHEMAS, HIDDEN_SCHEMAS } from '@/lib/constants'
import { isOneOf } from '@/lib/known-names'

// spec §5: information_schema, pg_catalog, pg_toast (defined once in lib/constants)
export { EXCLUDED_SCHEMAS, HIDDEN_SCHEMAS }

/** True for a system schema the dashboard excludes; the match is exact, as Postgres names are. */
export function isExcludedSchema(name: string | null | undefined): boolean {
  return isOneOf(EXCLUDED_SCHEMAS, name)
}
