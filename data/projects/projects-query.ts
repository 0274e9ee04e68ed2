import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { PROJECTS_STALE_TIME_MS } from '@/lib/constants'
import { projectKeys } from './keys'

/** spec §4 project statuses */
export type ProjectStatus =
  | 'INACTIVE'
  | 'ACTIVE_HEALTHY'
  | 'ACTIVE_UNHEALTHY'
  | 'COMING_UP'
  | 'UNKNOWN'
  | 'GOING_DOWN'
  | 'INIT_FAILED'
  | 'REMOVED'
  | 'RESTARTING'
  | 'RESTORING'
  | 'RESTORE_FAILED'
  | 'UPGRADING'
  | 'PAUSING'
  | 'PAUSE_FAILED'
  | 'RESIZING'

/** spec §3 Project (list entry) */
export type Project = {
  id: number
  ref: string
  name: string
  status: ProjectStatus
  postgrestStatus?: string
  organization_id: number
  organization_slug?: string
  region: string
  cloud_provider: string
  dbVersion?: string
  inserted_at?: string
  parent_project_ref: string | null
  preview_branch_refs: string[]
  is_branch?: boolean
}

/** spec §7: GET /platform/projects (abortable). */
export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  return get<Project[]>('/platform/projects', { signal })
}

export function projectsQueryOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => getProjects(signal),
    staleTime: PROJECTS_STALE_TIME_MS, // spec §9: 30 min
    enabled,
  })
}

export function useProjectsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(projectsQueryOptions({ enabled }))
}
