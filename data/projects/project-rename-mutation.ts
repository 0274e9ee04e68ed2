import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { Project, ProjectDetail } from '@/lib/api-types/projects'
import { projectKeys } from './keys'

type ProjectRenameVariables = { ref: string; name: string }

/** PATCH /platform/projects/{ref}: renames a project (or a branch) and answers it. */
export async function renameProject({ ref, name }: ProjectRenameVariables): Promise<ProjectDetail> {
  if (!ref) throw new Error('Project ref is required')
  return patch<ProjectDetail>(`/platform/projects/${encodeURIComponent(ref)}`, { name: name.trim() })
}

/**
 * Renames a project: the new name goes into the detail and list caches at once (the navigation
 * and the project switcher show it), then the list is refetched. A default error toast unless
 * `onError` is given.
 */
export function useProjectRenameMutation(options: MutationOptions<ProjectDetail, ProjectRenameVariables> = {}) {
  return useDataMutation<ProjectDetail, ProjectRenameVariables>(
    {
      mutationFn: renameProject,
      what: 'rename project',
      async onSuccess(data, { ref }, queryClient) {
        const renamed = <T extends Project>(project: T): T => (project.ref === ref ? { ...project, name: data.name } : project)
        queryClient.setQueryData<ProjectDetail>(projectKeys.detail(ref), (detail) => (detail ? renamed(detail) : data))
        queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.map(renamed))
        await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
      },
    },
    options
  )
}
