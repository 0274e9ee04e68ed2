import { projectUrl } from '@/data/project-url'
import { defineProjectGet } from '@/data/query'
import type { PostgrestConfig } from '@/lib/api-types/postgrest-config'
import { apiKeysKeys } from './keys'

export type { PostgrestConfig } from '@/lib/api-types/postgrest-config'

/** GET /platform/projects/{ref}/config/postgrest: the schemas the REST API serves and its max rows (Developers and above). */
export const { fetch: getPostgrestConfig, options: postgrestConfigQueryOptions, use: usePostgrestConfigQuery } = defineProjectGet<PostgrestConfig>(
  apiKeysKeys.postgrest, (ref) => projectUrl(ref, 'config/postgrest')
)
