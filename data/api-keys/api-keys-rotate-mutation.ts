import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import { projectUrl } from '@/data/project-url'
import type { ApiKey, ProjectSettings, RotateApiKeysResponse } from '@/lib/api-types/api-keys'
import { apiKeysKeys } from './keys'

type Variables = { projectRef: string }

/** POST /platform/projects/{ref}/api-keys/rotate: a new secret, new keys; the old keys stop working. */
export async function rotateApiKeys({ projectRef }: Variables): Promise<RotateApiKeysResponse> {
  return post<RotateApiKeysResponse>(projectUrl(projectRef, 'api-keys/rotate'), {})
}

/**
 * Rotates a project's keys (Owner/Admin): the new keys and key version go into the caches at once
 * (the old ones no longer work), then the settings are refetched for the new issue date. A default
 * error toast unless `onError` is given.
 */
export function useRotateApiKeysMutation(options: MutationOptions<RotateApiKeysResponse, Variables> = {}) {
  return useDataMutation<RotateApiKeysResponse, Variables>(
    {
      mutationFn: rotateApiKeys,
      what: 'rotate API keys',
      async onSuccess({ key_version, api_keys }, { projectRef }, queryClient) {
        queryClient.setQueryData<ApiKey[]>(apiKeysKeys.list(projectRef), api_keys)
        queryClient.setQueryData<ProjectSettings>(apiKeysKeys.settings(projectRef), (settings) =>
          settings ? { ...settings, jwt: { ...settings.jwt, key_version } } : settings
        )
        await queryClient.invalidateQueries({ queryKey: apiKeysKeys.settings(projectRef) })
      },
    },
    options
  )
}
