import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { projectKeys } from './keys'
import type { Project } from './projects-query'

export type ProjectDeleteVariables = { ref: string }

/** DELETE /platform/projects/{ref}: the project (and its branches) go down, then are removed. */
export async function deleteProject({ ref }: ProjectDeleteVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return del<Project>(`/platform/projects/${encodeURIComponent(ref)}`)
}

type Options = Omit<UseMutationOptions<Project, ResponseError, ProjectDeleteVariables>, 'mutationFn'>

/** Deletes a project: it leaves the list cache at once; a default error toast unless `onError` is given. */
export function useProjectDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Project, ResponseError, ProjectDeleteVariables>({
    mutationFn: deleteProject,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Project[]>(projectKeys.list(), (list) =>
        list?.filter((p) => p.ref !== variables.ref && p.parent_project_ref !== variables.ref)
      )
      queryClient.removeQueries({ queryKey: projectKeys.detail(variables.ref), exact: true })
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to delete project: ${error.message}`)
    },
    ...options,
  })
}
