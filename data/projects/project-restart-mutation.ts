import { post } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type ProjectRestartVariables = { ref: string }

/** POST /platform/projects/{ref}/restart: answers the project in its transitional status. */
export async function restartProject({ ref }: ProjectRestartVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/restart`, {})
}

/** Asks the platform to restart a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectRestartMutation(options: MutationOptions<Project, ProjectRestartVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: restartProject,
      what: 'restart project',
      async onSuccess(data, _variables, queryClient) {
        await applyProjectAnswer(queryClient, data)
      },
    },
    options
  )
}
