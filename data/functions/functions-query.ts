import { get } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { defineQuery } from '@/data/query'
import type { EdgeFunction } from '@/lib/api-types/functions'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { functionsKeys } from './keys'

export type { EdgeFunction } from '@/lib/api-types/functions'

/** GET /platform/projects/{ref}/functions: the project's functions with their last 24 h counts. */
export async function getFunctions({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<EdgeFunction[]> {
  return get<EdgeFunction[]>(projectUrl(projectRef, 'functions'), { signal })
}

export const { options: functionsQueryOptions, use: useFunctionsQuery } = defineQuery(({ projectRef }: { projectRef?: string }) => functionsKeys.list(projectRef), getFunctions, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: ({ projectRef }) => Boolean(projectRef),
})
