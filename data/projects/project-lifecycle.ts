import type { QueryClient } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { Project, ProjectDetail } from '@/lib/api-types/projects'
import { projectKeys } from './keys'

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

type LifecycleAction = 'pause' | 'restart' | 'restore'
type Variables = { ref: string }

/** POST /platform/projects/{ref}/{action}: answers the project in its transitional status. */
export async function requestProjectLifecycle(action: LifecycleAction, { ref }: Variables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/${action}`, {})
}

/** Asks the platform to pause, restart or restore a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectLifecycleMutation(action: LifecycleAction, options: MutationOptions<Project, Variables> = {}) {
  return useDataMutation<Project, Variables>(
    {
      mutationFn: (variables) => requestProjectLifecycle(action, variables),
      what: `${action} project`,
      onSuccess: (data, _variables, queryClient) => applyProjectAnswer(queryClient, data),
    },
    options
  )
}
