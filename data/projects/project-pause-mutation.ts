import { post } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type ProjectPauseVariables = { ref: string }

/** POST /platform/projects/{ref}/pause: answers the project in its transitional status. */
export async function pauseProject({ ref }: ProjectPauseVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/pause`, {})
}

/** Asks the platform to pause a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectPauseMutation(options: MutationOptions<Project, ProjectPauseVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: pauseProject,
      what: 'pause project',
      async onSuccess(data, _variables, queryClient) {
        await applyProjectAnswer(queryClient, data)
      },
    },
    options
  )
}
