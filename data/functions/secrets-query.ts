import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { defineQuery } from '@/data/query'
import type { FunctionSecret } from '@/lib/api-types/functions'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { functionsKeys } from './keys'

export type { FunctionSecret } from '@/lib/api-types/functions'

/** GET /platform/projects/{ref}/secrets: names and update times, never values. */
export async function getFunctionSecrets({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<FunctionSecret[]> {
  return get<FunctionSecret[]>(projectUrl(projectRef, 'secrets'), { signal })
}

export const { options: functionSecretsQueryOptions, use: useFunctionSecretsQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => functionsKeys.secrets(projectRef),
  getFunctionSecrets,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
