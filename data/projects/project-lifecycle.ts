import type { QueryClient } from '@tanstack/react-query'
import { projectKeys } from './keys'
import type { ProjectDetail } from './project-detail-query'
import type { Project } from './projects-query'

/**
 * After a lifecycle request the platform answers the project in its transitional status
 * (PAUSING, RESTORING, RESTARTING, GOING_DOWN): both caches take it at once, then the detail
 * polls (spec §4: the connection string is not ready) until the job ends.
 */
export async function applyProjectAnswer(queryClient: QueryClient, project: Project): Promise<void> {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.map((p) => (p.ref === project.ref ? { ...p, ...project } : p)))
  queryClient.setQueryData<ProjectDetail>(projectKeys.detail(project.ref), (detail) =>
    detail ? { ...detail, ...project, connectionString: null } : detail
  )
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(project.ref), exact: true }),
    queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
  ])
}
