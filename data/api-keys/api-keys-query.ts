import { projectUrl } from '@/data/project-url'
import { defineProjectGet } from '@/data/query'
import type { ApiKey, ApiKeyName } from '@/lib/api-types/api-keys'
import { apiKeysKeys } from './keys'

export type { ApiKey, ApiKeyName } from '@/lib/api-types/api-keys'

/** GET /platform/projects/{ref}/api-keys: `anon` for every member, `service_role` for Developers and above. */
export const { fetch: getApiKeys, options: projectApiKeysQueryOptions, use: useProjectApiKeysQuery } = defineProjectGet<ApiKey[]>(
  apiKeysKeys.list, (ref) => projectUrl(ref, 'api-keys')
)

/** The key of that name, or undefined when the platform did not send it (the caller's role). */
export const apiKeyOf = (keys: ApiKey[] | undefined, name: ApiKeyName): string | undefined => keys?.find((key) => key.name === name)?.api_key
