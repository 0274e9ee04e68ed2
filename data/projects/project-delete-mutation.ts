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

/** Deletes a project: it leaves the list cache at once; a default error toast unless `onError` is given. */
export function useProjectDeleteMutation(options: MutationOptions<Project, ProjectDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteProject,
      what: 'delete project',
      async onSuccess(_data, variables, queryClient) {
        queryClient.setQueryData<Project[]>(projectKeys.list(), (list) =>
          list?.filter((p) => p.ref !== variables.ref && p.parent_project_ref !== variables.ref)
        )
        queryClient.removeQueries({ queryKey: projectKeys.detail(variables.ref), exact: true })
        await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
      },
    },
    options
  )
}
