import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'

export type ProjectPauseVariables = { ref: string }

/** POST /platform/projects/{ref}/pause: answers the project in its transitional status. */
export async function pauseProject({ ref }: ProjectPauseVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/pause`, {})
}

type Options = Omit<UseMutationOptions<Project, ResponseError, ProjectPauseVariables>, 'mutationFn'>

/** Asks the platform to pause a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectPauseMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Project, ResponseError, ProjectPauseVariables>({
    mutationFn: pauseProject,
    async onSuccess(data, variables, result, context) {
      await applyProjectAnswer(queryClient, data)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to pause project: ${error.message}`)
    },
    ...options,
  })
}
