import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { defineQuery } from '@/data/query'
import type { ApiKey, ApiKeyName } from '@/lib/api-types/api-keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { apiKeysKeys } from './keys'

export type { ApiKey, ApiKeyName } from '@/lib/api-types/api-keys'

/** GET /platform/projects/{ref}/api-keys: `anon` for every member, `service_role` for Developers and above. */
export async function getApiKeys({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<ApiKey[]> {
  return get<ApiKey[]>(projectUrl(projectRef, 'api-keys'), { signal })
}

export const { options: projectApiKeysQueryOptions, use: useProjectApiKeysQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => apiKeysKeys.list(projectRef),
  getApiKeys,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)

/** The key of that name, or undefined when the platform did not send it (the caller's role). */
export const apiKeyOf = (keys: ApiKey[] | undefined, name: ApiKeyName): string | undefined => keys?.find((key) => key.name === name)?.api_key
