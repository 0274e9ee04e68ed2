import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { FunctionVersion, FunctionVersionDetail } from '@/lib/api-types/functions'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { functionPath, functionsKeys } from './keys'

type Vars = { projectRef?: string; slug?: string }

/** GET /platform/projects/{ref}/functions/{slug}/versions: newest first. */
export async function getFunctionVersions({ projectRef, slug }: Vars, signal?: AbortSignal): Promise<FunctionVersion[]> {
  return get<FunctionVersion[]>(functionPath(projectRef, slug, 'versions'), { signal })
}

export const { options: functionVersionsQueryOptions, use: useFunctionVersionsQuery } = defineQuery(
  ({ projectRef, slug }: Vars) => functionsKeys.versions(projectRef, slug),
  getFunctionVersions,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef, slug }) => Boolean(projectRef && slug) }
)

type VersionVars = Vars & { version?: number }

/** GET /platform/projects/{ref}/functions/{slug}/versions/{version}: one version with its files. */
export async function getFunctionVersion({ projectRef, slug, version }: VersionVars, signal?: AbortSignal): Promise<FunctionVersionDetail> {
  if (!version) throw new Error('Version is required')
  return get<FunctionVersionDetail>(functionPath(projectRef, slug, `versions/${version}`), { signal })
}

// A deployed version never changes: it stays fresh for good.
export const { options: functionVersionQueryOptions, use: useFunctionVersionQuery } = defineQuery(
  ({ projectRef, slug, version }: VersionVars) => functionsKeys.version(projectRef, slug, version),
  getFunctionVersion,
  { staleTime: Infinity, ready: ({ projectRef, slug, version }) => Boolean(projectRef && slug && version) }
)
