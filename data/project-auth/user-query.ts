import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { ProjectUser } from '@/lib/api-types/project-auth'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { projectAuthKeys, projectAuthUrl, projectUserPath } from './keys'

type Args = { projectRef?: string; id?: string }

/** GET /platform/auth/{ref}/users/{id}: one user of the project, metadata included. */
export async function getProjectUser({ projectRef, id }: Args, signal?: AbortSignal): Promise<ProjectUser> {
  return get<ProjectUser>(projectAuthUrl(projectRef, projectUserPath(id)), { signal })
}

export const { options: projectUserQueryOptions, use: useProjectUserQuery } = defineQuery(
  ({ projectRef, id }: Args) => projectAuthKeys.user(projectRef, id),
  getProjectUser,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef, id }) => Boolean(projectRef && id) }
)
