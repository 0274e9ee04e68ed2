import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { PROJECT_DETAIL_POLL_INTERVAL_MS, PROJECT_DETAIL_STALE_TIME_MS } from '@/lib/constants'
import { projectKeys } from './keys'
import type { Project, ProjectDetail, ProjectStatus } from '@/lib/api-types/projects'

export type { ProjectDetail } from '@/lib/api-types/projects'

/** spec §7: GET /platform/projects/{ref}; without a ref it fails (spec §5). */
export async function getProjectDetail({ ref }: { ref?: string }, signal?: AbortSignal): Promise<ProjectDetail> {
  if (!ref) throw new Error('Project ref is required')
  return get<ProjectDetail>(`/platform/projects/${encodeURIComponent(ref)}`, { signal })
}

/** spec §4: poll every 5 s while COMING_UP or UNKNOWN, or while the connection string is not ready. */
export function projectDetailRefetchInterval(project: ProjectDetail | undefined): number | false {
  if (!project) return false
  const waiting = project.status === 'COMING_UP' || project.status === 'UNKNOWN' || !project.connectionString
  return waiting ? PROJECT_DETAIL_POLL_INTERVAL_MS : false
}

export function projectDetailQueryOptions({ ref }: { ref?: string }, queryClient?: QueryClient) {
  return queryOptions<ProjectDetail, Error, ProjectDetail, ReturnType<typeof projectKeys.detail>>({
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => getProjectDetail({ ref }, signal),
    staleTime: PROJECT_DETAIL_STALE_TIME_MS, // spec §9: 30 s
    enabled: Boolean(ref),
    refetchInterval: (query) => projectDetailRefetchInterval(query.state.data),
    // spec §7: a project list entry with a matching ref is a fallback lookup.
    placeholderData: (): ProjectDetail | undefined => {
      const list = queryClient?.getQueryData<Project[]>(projectKeys.list())
      const entry = list?.find((p) => p.ref === ref)
      return entry ? ({ ...entry, connectionString: null, dbVersion: entry.dbVersion ?? '' } as ProjectDetail) : undefined
    },
  })
}

export function useProjectDetailQuery({ ref }: { ref?: string }) {
  const queryClient = useQueryClient()
  return useQuery(projectDetailQueryOptions({ ref }, queryClient))
}

/** spec §4: status may be updated locally in both the list and the detail caches. */
export function setProjectStatus(queryClient: QueryClient, ref: string, status: ProjectStatus): void {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.map((p) => (p.ref === ref ? { ...p, status } : p)))
  queryClient.setQueryData<ProjectDetail>(projectKeys.detail(ref), (detail) => (detail ? { ...detail, status } : detail))
}

/** spec §4: postgrestStatus may be updated on the detail. */
export function setProjectPostgrestStatus(queryClient: QueryClient, ref: string, postgrestStatus: string): void {
  queryClient.setQueryData<ProjectDetail>(projectKeys.detail(ref), (detail) => (detail ? { ...detail, postgrestStatus } : detail))
}
