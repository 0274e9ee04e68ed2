import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { post, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { CloudProvider } from '@/lib/catalogue/cloud-providers'
import type { ComputeSizeId } from '@/lib/catalogue/compute-sizes'
import type { SelfServePlanId } from '@/lib/catalogue/plans'
import { projectKeys } from './keys'
import type { ProjectDetail } from './project-detail-query'
import type { Project } from './projects-query'
import { defaultMutationErrorToast } from '@/data/mutation'

export type ProjectCreateVariables = {
  name: string
  organization_slug: string
  region: string
  /** The database password; never cached nor logged. */
  db_pass: string
  cloud_provider?: CloudProvider
  compute_size?: ComputeSizeId
  /** The plan the page was opened with (spec §2 `plan` query parameter); informative. */
  plan?: SelfServePlanId
}

/** POST /platform/projects: the new project answers in COMING_UP; its database comes up in the background. */
export async function createProject(variables: ProjectCreateVariables): Promise<Project> {
  if (!variables.organization_slug) throw new Error('slug is required')
  return post<Project>('/platform/projects', { ...variables, name: variables.name.trim() })
}

type Options = Omit<UseMutationOptions<Project, ResponseError, ProjectCreateVariables>, 'mutationFn'>

/**
 * Creates a project. The new project goes into the list and detail caches at once (so its page
 * opens without the route guard seeing an unknown ref), then the list is refetched. A default
 * error toast unless `onError` is given.
 */
export function useProjectCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Project, ResponseError, ProjectCreateVariables>({
    mutationFn: createProject,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => (list ? [...list.filter((p) => p.ref !== data.ref), data] : [data]))
      queryClient.setQueryData<ProjectDetail>(projectKeys.detail(data.ref), (detail) => detail ?? { connectionString: null, dbVersion: '', ...data })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.freeProjectLimitCheck(variables.organization_slug) }),
      ])
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('create project', error)
    },
    ...options,
  })
}
