import { projectUrl } from '@/data/project-url'
import { defineProjectGet } from '@/data/query'
import type { ProjectSettings } from '@/lib/api-types/api-keys'
import { apiKeysKeys } from './keys'

export type { ProjectSettings } from '@/lib/api-types/api-keys'

/** GET /platform/projects/{ref}/settings: the project's API URL and the version of its keys. */
export const { fetch: getProjectSettings, options: projectSettingsQueryOptions, use: useProjectSettingsQuery } = defineProjectGet<ProjectSettings>(
  apiKeysKeys.settings, (ref) => projectUrl(ref, 'settings')
)
