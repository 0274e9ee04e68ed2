import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { PROJECTS_STALE_TIME_MS } from '@/lib/constants'
import type { Project } from '@/lib/api-types/projects'
import { projectKeys } from './keys'

export type { Project, ProjectStatus } from '@/lib/api-types/projects'

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
