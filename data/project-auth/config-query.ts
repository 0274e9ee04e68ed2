import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { ProjectAuthConfig } from '@/lib/api-types/project-auth'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { projectAuthKeys, projectAuthUrl } from './keys'

export type { ProjectAuthConfig } from '@/lib/api-types/project-auth'

/** GET /platform/auth/{ref}/config: the project's auth settings. */
export async function getProjectAuthConfig({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<ProjectAuthConfig> {
  return get<ProjectAuthConfig>(projectAuthUrl(projectRef, 'config'), { signal })
}

export const { options: projectAuthConfigQueryOptions, use: useProjectAuthConfigQuery } = defineQuery(
  ({ projectRef }: { projectRef?: string }) => projectAuthKeys.config(projectRef),
  getProjectAuthConfig,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
