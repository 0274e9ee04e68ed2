import { get } from '@/data/fetchers'
import type { VaultSecret } from '@/lib/api-types/vault'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { vaultKeys } from './keys'
import { defineQuery } from '@/data/query'

export type { VaultSecret } from '@/lib/api-types/vault'

/** GET /platform/projects/{ref}/vault/secrets: the project's secrets by name. */
export async function getSecrets({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<VaultSecret[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<VaultSecret[]>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets`, { signal })
}

export const { options: secretsQueryOptions, use: useSecretsQuery } = defineQuery(({ projectRef }: { projectRef?: string }) => vaultKeys.secrets(projectRef), getSecrets, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef),
})
