import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { ProjectUsersPage } from '@/lib/api-types/project-auth'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { projectAuthKeys, projectAuthUrl, type ProjectUsersListQuery } from './keys'

export type { ProjectUser, ProjectUsersPage } from '@/lib/api-types/project-auth'

type Args = { projectRef?: string } & ProjectUsersListQuery

/** GET /platform/auth/{ref}/users?page&per_page&keywords: one page of the project's users, newest first. */
export async function getProjectUsers({ projectRef, page, per_page, keywords }: Args, signal?: AbortSignal): Promise<ProjectUsersPage> {
  return get<ProjectUsersPage>(projectAuthUrl(projectRef, 'users'), { query: { page, per_page, keywords: keywords || undefined }, signal })
}

export const { options: projectUsersQueryOptions, use: useProjectUsersQuery } = defineQuery(
  ({ projectRef, page, per_page, keywords }: Args) => projectAuthKeys.users(projectRef, { page, per_page, keywords: keywords || undefined }),
  getProjectUsers,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef) }
)
