import type { QueryClient } from '@tanstack/react-query'
import { del } from '@/data/fetchers'
import { projectKeys } from './keys'
import type { Project } from '@/lib/api-types/projects'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

type ProjectDeleteVariables = { ref: string }

/** DELETE /platform/projects/{ref}: the project (and its branches) go down, then are removed. */
export async function deleteProject({ ref }: ProjectDeleteVariables): Promise<Project> {
  if (!ref) throw new Error('Project ref is required')
  return del<Project>(`/platform/projects/${encodeURIComponent(ref)}`)
}

/** The project (and its branches) leave the list cache at once; the list is refetched. */
async function forgetProject(_data: Project, variables: ProjectDeleteVariables, queryClient: QueryClient) {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.filter((p) => p.ref !== variables.ref && p.parent_project_ref !== variables.ref))
  queryClient.removeQueries({ queryKey: projectKeys.detail(variables.ref), exact: true })
  await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
}

/** Deletes a project; a default error toast unless `onError` is given. */
export const useProjectDeleteMutation = (options: MutationOptions<Project, ProjectDeleteVariables> = {}) =>
  useDataMutation({ mutationFn: deleteProject, what: 'delete project', onSuccess: forgetProject }, options)
