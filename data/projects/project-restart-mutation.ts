import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'

export type ProjectRestartVariables = { ref: string }

/** POST /platform/projects/{ref}/restart: answers the project in its transitional status. */
export async function restartProject({ ref }: ProjectRestartVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/restart`, {})
}

type Options = Omit<UseMutationOptions<Project, ResponseError, ProjectRestartVariables>, 'mutationFn'>

/** Asks the platform to restart a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectRestartMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Project, ResponseError, ProjectRestartVariables>({
    mutationFn: restartProject,
    async onSuccess(data, variables, result, context) {
      await applyProjectAnswer(queryClient, data)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to restart project: ${error.message}`)
    },
    ...options,
  })
}
