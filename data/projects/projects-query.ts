import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { Project } from '@/lib/api-types/projects'
import { PROJECTS_STALE_TIME_MS } from '@/lib/constants'
import { projectKeys } from './keys'

export type { Project, ProjectStatus } from '@/lib/api-types/projects'

/** spec §7: GET /platform/projects (abortable). */
export async function getProjects(signal?: AbortSignal): Promise<Project[]> {
  return get<Project[]>('/platform/projects', { signal })
}

const projects = defineQuery(() => projectKeys.list(), (_args: object, signal) => getProjects(signal), {
  staleTime: PROJECTS_STALE_TIME_MS, // spec §9: 30 min
})

export const projectsQueryOptions = (args: { enabled?: boolean } = {}) => projects.options(args)
export const useProjectsQuery = (args: { enabled?: boolean } = {}) => projects.use(args)
