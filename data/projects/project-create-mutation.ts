import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { CreateProjectBody, Project, ProjectDetail } from '@/lib/api-types/projects'
import { projectKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

/** The body of POST /platform/projects (its `db_pass` is never cached nor logged). */
type ProjectCreateVariables = CreateProjectBody

/** POST /platform/projects: the new project answers in COMING_UP; its database comes up in the background. */
export async function createProject(variables: ProjectCreateVariables): Promise<Project> {
  if (!variables.organization_slug) throw new Error('slug is required')
  return post<Project>('/platform/projects', { ...variables, name: variables.name.trim() })
}

/**
 * Creates a project. The new project goes into the list and detail caches at once (so its page
 * opens without the route guard seeing an unknown ref), then the list is refetched. A default
 * error toast unless `onError` is given.
 */
export function useProjectCreateMutation(options: MutationOptions<Project, ProjectCreateVariables> = {}) {
  return useDataMutation<Project, ProjectCreateVariables>(
    {
      mutationFn: createProject,
      what: 'create project',
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => (list ? [...list.filter((p) => p.ref !== data.ref), data] : [data]))
        queryClient.setQueryData<ProjectDetail>(projectKeys.detail(data.ref), (detail) => detail ?? { connectionString: null, dbVersion: '', ...data })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
          queryClient.invalidateQueries({ queryKey: organizationKeys.freeProjectLimitCheck(variables.organization_slug) }),
        ])
      },
    },
    options
  )
}
