import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { vaultKeys } from './keys'

/** A secret as listed: never its value. */
export type VaultSecret = { id: string; name: string; description: string; created_at: string; updated_at: string }

/** GET /platform/projects/{ref}/vault/secrets: the project's secrets by name. */
export async function getSecrets({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<VaultSecret[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<VaultSecret[]>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets`, { signal })
}

export function secretsQueryOptions({ projectRef }: { projectRef?: string }) {
  return queryOptions({
    queryKey: vaultKeys.secrets(projectRef),
    queryFn: ({ signal }) => getSecrets({ projectRef }, signal),
    staleTime: DEFAULT_STALE_TIME_MS, // spec §9 default: 60 s
    enabled: Boolean(projectRef),
  })
}

export function useSecretsQuery({ projectRef }: { projectRef?: string }) {
  return useQuery(secretsQueryOptions({ projectRef }))
}
