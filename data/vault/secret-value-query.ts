import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { vaultKeys } from './keys'
import type { RevealedSecret } from '@/lib/api-types/vault'

/** GET /platform/projects/{ref}/vault/secrets/{id}/reveal: the decrypted value (audit-logged). */
export async function revealSecret({ projectRef, id }: { projectRef?: string; id?: string }, signal?: AbortSignal): Promise<RevealedSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  return get<RevealedSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}/reveal`, { signal })
}

/** Fetched only while `enabled` (the value is shown); never kept once hidden, never retried. */
export function secretValueQueryOptions({ projectRef, id, enabled }: { projectRef?: string; id?: string; enabled: boolean }) {
  return queryOptions({
    queryKey: vaultKeys.value(projectRef, id),
    queryFn: ({ signal }) => revealSecret({ projectRef, id }, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    enabled: enabled && Boolean(projectRef && id),
  })
}

export function useSecretValueQuery(vars: { projectRef?: string; id?: string; enabled: boolean }) {
  return useQuery(secretValueQueryOptions(vars))
}
