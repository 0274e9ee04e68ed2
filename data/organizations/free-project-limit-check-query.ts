import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { organizationKeys } from './keys'

export type MemberExceedingFreeProjectLimit = {
  username: string
  primary_email: string
  free_project_limit: number
}

export type FreeProjectLimitCheck = { members_exceeding_free_project_limit: MemberExceedingFreeProjectLimit[] }

/** GET /platform/organizations/{slug}/free-project-limit-check: Owners/Admins who would pass the free limit (spec §9: 2). */
export async function getFreeProjectLimitCheck({ slug }: { slug?: string }, signal?: AbortSignal): Promise<FreeProjectLimitCheck> {
  if (!slug) throw new Error('slug is required')
  return get<FreeProjectLimitCheck>(`/platform/organizations/${encodeURIComponent(slug)}/free-project-limit-check`, { signal })
}

export function freeProjectLimitCheckQueryOptions({ slug, enabled = true }: { slug?: string; enabled?: boolean }) {
  return queryOptions({
    queryKey: organizationKeys.freeProjectLimitCheck(slug),
    queryFn: ({ signal }) => getFreeProjectLimitCheck({ slug }, signal),
    staleTime: DEFAULT_STALE_TIME_MS, // spec §9: the default 60 s; a project created elsewhere shows within a minute
    enabled: enabled && Boolean(slug),
  })
}

export function useFreeProjectLimitCheckQuery(vars: { slug?: string; enabled?: boolean }) {
  return useQuery(freeProjectLimitCheckQueryOptions(vars))
}
