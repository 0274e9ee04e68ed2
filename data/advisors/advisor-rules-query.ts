import { get } from '@/data/fetchers'
import type { AdvisorRule } from '@/lib/api-types/advisors'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { advisorKeys } from './keys'
import { defineQuery } from '@/data/query'

type AdvisorRulesVariables = { projectRef: string | undefined }

/** GET /platform/projects/{ref}/advisors/rules: every lint with whether it is disabled here. */
export async function getAdvisorRules({ projectRef }: AdvisorRulesVariables, signal?: AbortSignal): Promise<AdvisorRule[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<AdvisorRule[]>(`/platform/projects/${encodeURIComponent(projectRef)}/advisors/rules`, { signal })
}

export const { options: advisorRulesQueryOptions, use: useAdvisorRulesQuery } = defineQuery((vars: AdvisorRulesVariables) => advisorKeys.rules(vars.projectRef), getAdvisorRules, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
