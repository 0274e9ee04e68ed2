import { defineProjectGet } from '@/data/query'
import type { ProjectAuthConfig } from '@/lib/api-types/project-auth'
import { projectAuthKeys, projectAuthUrl } from './keys'

export type { ProjectAuthConfig } from '@/lib/api-types/project-auth'

/** GET /platform/auth/{ref}/config: the project's auth settings. */
export const { fetch: getProjectAuthConfig, options: projectAuthConfigQueryOptions, use: useProjectAuthConfigQuery } = defineProjectGet<ProjectAuthConfig>(
  projectAuthKeys.config, (ref) => projectAuthUrl(ref, 'config')
)
