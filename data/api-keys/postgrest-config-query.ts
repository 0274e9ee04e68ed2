import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { defineQuery } from '@/data/query'
import type { PostgrestConfig } from '@/lib/api-types/postgrest-config'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { apiKeysKeys } from './keys'

export type { PostgrestConfig } from '@/lib/api-types/postgrest-config'

/** GET /platform/projects/{ref}/config/postgrest: the schemas the REST API serves and its max rows (Developers and above). */
export async function getPostgrestConfig({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<PostgrestConfig> {
  return get<PostgrestConfig>(projectUrl(projectRef, 'config/postgrest'), { signal })
}

export const { options: postgrestConfigQueryOptions, use: usePostgrestConfigQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => apiKeysKeys.postgrest(projectRef),
  getPostgrestConfig,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
