import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { ProjectAuthConfig, UpdateProjectAuthConfigBody } from '@/lib/api-types/project-auth'
import { projectAuthKeys, projectAuthUrl } from './keys'

type Variables = { projectRef: string } & UpdateProjectAuthConfigBody

/** PATCH /platform/auth/{ref}/config with the settings that changed. */
export async function updateProjectAuthConfig({ projectRef, ...body }: Variables): Promise<ProjectAuthConfig> {
  return patch<ProjectAuthConfig>(projectAuthUrl(projectRef, 'config'), body)
}

/** Saves auth settings; the answer replaces the cached ones. A default error toast unless `onError` is given. */
export const useProjectAuthConfigUpdateMutation = (options: MutationOptions<ProjectAuthConfig, Variables> = {}) =>
  useDataMutation(
    {
      mutationFn: updateProjectAuthConfig,
      what: 'save auth settings',
      onSuccess: (config, { projectRef }, queryClient) => queryClient.setQueryData(projectAuthKeys.config(projectRef), config),
    },
    options
  )
