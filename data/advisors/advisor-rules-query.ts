import { queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import type { AdvisorRule } from '@/lib/advisors/rules'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'

export type AdvisorRulesVariables = { projectRef: string | undefined }

/** GET /platform/projects/{ref}/advisors/rules: every lint with whether it is disabled here. */
export async function getAdvisorRules({ projectRef }: AdvisorRulesVariables, signal?: AbortSignal): Promise<AdvisorRule[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<AdvisorRule[]>(`/platform/projects/${encodeURIComponent(projectRef)}/advisors/rules`, { signal })
}

export function advisorRulesQueryOptions(vars: AdvisorRulesVariables & { enabled?: boolean }) {
  return queryOptions({
    queryKey: advisorKeys.rules(vars.projectRef),
    queryFn: ({ signal }) => getAdvisorRules(vars, signal),
    staleTime: DEFAULT_STALE_TIME_MS,
    enabled: Boolean(vars.projectRef) && (vars.enabled ?? true),
  })
}

export function useAdvisorRulesQuery(vars: AdvisorRulesVariables & { enabled?: boolean }) {
  return useQuery(advisorRulesQueryOptions(vars))
}
