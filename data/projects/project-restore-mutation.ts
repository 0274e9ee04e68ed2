import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { applyProjectAnswer } from './project-lifecycle'
import type { Project } from './projects-query'

export type ProjectRestoreVariables = { ref: string }

/** POST /platform/projects/{ref}/restore: answers the project in its transitional status. */
export async function restoreProject({ ref }: ProjectRestoreVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return post<Project>(`/platform/projects/${encodeURIComponent(ref)}/restore`, {})
}

type Options = Omit<UseMutationOptions<Project, ResponseError, ProjectRestoreVariables>, 'mutationFn'>

/** Asks the platform to restore a project and updates both caches; a default error toast unless `onError` is given. */
export function useProjectRestoreMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Project, ResponseError, ProjectRestoreVariables>({
    mutationFn: restoreProject,
    async onSuccess(data, variables, result, context) {
      await applyProjectAnswer(queryClient, data)
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to restore project: ${error.message}`)
    },
    ...options,
  })
}
