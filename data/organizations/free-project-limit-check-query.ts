import { get } from '@/data/fetchers'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { organizationKeys } from './keys'
import { defineQuery } from '@/data/query'
import type { FreeProjectLimitCheck } from '@/lib/api-types/organizations'

/** GET /platform/organizations/{slug}/free-project-limit-check: Owners/Admins who would pass the free limit (spec §9: 2). */
export async function getFreeProjectLimitCheck({ slug }: { slug?: string }, signal?: AbortSignal): Promise<FreeProjectLimitCheck> {
  if (!slug) throw new Error('slug is required')
  return get<FreeProjectLimitCheck>(`/platform/organizations/${encodeURIComponent(slug)}/free-project-limit-check`, { signal })
}

export const { options: freeProjectLimitCheckQueryOptions, use: useFreeProjectLimitCheckQuery } = defineQuery(({ slug }: { slug?: string; enabled?: boolean }) => organizationKeys.freeProjectLimitCheck(slug), getFreeProjectLimitCheck, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ slug }) => Boolean(slug),
})
