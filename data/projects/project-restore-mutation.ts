import { post } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type ProjectRestoreVariables = { ref: string }

/** POST /platform/projects/{ref}/restore: answers the project in its transitional status. */
export async function restoreProject({ ref }: ProjectRestoreVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/restore`, {})
}

/** Asks the platform to restore a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectRestoreMutation(options: MutationOptions<Project, ProjectRestoreVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: restoreProject,
      what: 'restore project',
      async onSuccess(data, _variables, queryClient) {
        await applyProjectAnswer(queryClient, data)
      },
    },
    options
  )
}
