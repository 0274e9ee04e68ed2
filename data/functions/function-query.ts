import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { EdgeFunctionDetail } from '@/lib/api-types/functions'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { functionPath, functionsKeys } from './keys'

type Vars = { projectRef?: string; slug?: string }

/** GET /platform/projects/{ref}/functions/{slug}: the function with its serving version's files. */
export async function getFunction({ projectRef, slug }: Vars, signal?: AbortSignal): Promise<EdgeFunctionDetail> {
  return get<EdgeFunctionDetail>(functionPath(projectRef, slug), { signal })
}

export const { options: functionQueryOptions, use: useFunctionQuery } = defineQuery(({ projectRef, slug }: Vars) => functionsKeys.detail(projectRef, slug), getFunction, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: ({ projectRef, slug }) => Boolean(projectRef && slug),
})
