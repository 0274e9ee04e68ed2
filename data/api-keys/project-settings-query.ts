import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { defineQuery } from '@/data/query'
import type { ProjectSettings } from '@/lib/api-types/api-keys'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { apiKeysKeys } from './keys'

export type { ProjectSettings } from '@/lib/api-types/api-keys'

/** GET /platform/projects/{ref}/settings: the project's API URL and the version of its keys. */
export async function getProjectSettings({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<ProjectSettings> {
  return get<ProjectSettings>(projectUrl(projectRef, 'settings'), { signal })
}

export const { options: projectSettingsQueryOptions, use: useProjectSettingsQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => apiKeysKeys.settings(projectRef),
  getProjectSettings,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
