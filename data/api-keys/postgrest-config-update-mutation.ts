import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { projectUrl } from '@/data/project-url'
import type { PostgrestConfig, UpdatePostgrestConfigBody } from '@/lib/api-types/postgrest-config'
import { apiKeysKeys } from './keys'

type Variables = { projectRef: string } & UpdatePostgrestConfigBody

/** PATCH /platform/projects/{ref}/config/postgrest with the settings that changed (Owner/Admin). */
export async function updatePostgrestConfig({ projectRef, ...body }: Variables): Promise<PostgrestConfig> {
  return patch<PostgrestConfig>(projectUrl(projectRef, 'config/postgrest'), body)
}

/**
 * Saves the Data API settings: the answer replaces the cached ones, and the API settings (which
 * name the served schemas) are refetched. A default error toast unless `onError` is given.
 */
export const usePostgrestConfigUpdateMutation = (options: MutationOptions<PostgrestConfig, Variables> = {}) =>
  useDataMutation(
    {
      mutationFn: updatePostgrestConfig,
      what: 'save Data API settings',
      async onSuccess(config, { projectRef }, queryClient) {
        queryClient.setQueryData(apiKeysKeys.postgrest(projectRef), config)
        await queryClient.invalidateQueries({ queryKey: apiKeysKeys.settings(projectRef) })
      },
    },
    options
  )
