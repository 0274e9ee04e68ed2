import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { projectKeys } from './keys'
import type { ProjectStatus } from './projects-query'
import { defineQuery } from '@/data/query'

/** A branch of a project (its own project row pointing at the parent, spec §3). */
export type Branch = {
  id: number
  name: string
  project_ref: string
  parent_project_ref: string
  is_default: boolean
  status: ProjectStatus
  created_at: string
  updated_at: string
}

/** GET /platform/projects/{ref}/branches: the branches of a parent project. */
export async function getBranches({ ref }: { ref?: string }, signal?: AbortSignal): Promise<Branch[]> {
  if (!ref) throw new Error('Project ref is required')
  return get<Branch[]>(`/platform/projects/${encodeURIComponent(ref)}/branches`, { signal })
}

export const { options: branchesQueryOptions, use: useBranchesQuery } = defineQuery(({ ref }: { ref?: string; enabled?: boolean }) => projectKeys.branches(ref), getBranches, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ ref }) => Boolean(ref),
})
