import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { projectKeys } from './keys'
import type { Branch } from '@/lib/api-types/projects'
import { defineQuery } from '@/data/query'

/** GET /platform/projects/{ref}/branches: the branches of a parent project. */
export async function getBranches({ ref }: { ref?: string }, signal?: AbortSignal): Promise<Branch[]> {
  if (!ref) throw new Error('Project ref is required')
  return get<Branch[]>(`/platform/projects/${encodeURIComponent(ref)}/branches`, { signal })
}

export const { options: branchesQueryOptions, use: useBranchesQuery } = defineQuery(({ ref }: { ref?: string; enabled?: boolean }) => projectKeys.branches(ref), getBranches, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ ref }) => Boolean(ref),
})
