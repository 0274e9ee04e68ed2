import { apiKeyOf, useProjectApiKeysQuery } from '@/data/api-keys/api-keys-query'
import { useProjectSettingsQuery } from '@/data/api-keys/project-settings-query'

/**
 * The project's API URL and anon key (every member may read them), for the screens that show how
 * to connect: both values once loaded, the first failure with a retry of what failed.
 */
export function useProjectApiEndpoint(projectRef: string) {
  const settings = useProjectSettingsQuery({ projectRef })
  const keys = useProjectApiKeysQuery({ projectRef })
  return {
    url: settings.data?.app_config.endpoint,
    anonKey: apiKeyOf(keys.data, 'anon'),
    error: settings.isError || keys.isError ? (settings.error ?? keys.error) : null,
    retrying: settings.isFetching || keys.isFetching,
    retry: () => {
      if (settings.isError) void settings.refetch()
      if (keys.isError) void keys.refetch()
    },
  }
}
