import { patch } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { AdvisorRule, UpdateAdvisorRuleBody } from '@/lib/api-types/advisors'
import { advisorKeys } from './keys'

type Variables = { projectRef: string } & UpdateAdvisorRuleBody

/** PATCH /platform/projects/{ref}/advisors/rules {name, disabled, reason?}. */
export async function updateAdvisorRule({ projectRef, name, disabled, reason }: Variables): Promise<AdvisorRule> {
  if (!projectRef) throw new Error('Project ref is required')
  return patch<AdvisorRule>(`/platform/projects/${encodeURIComponent(projectRef)}/advisors/rules`, {
    name,
    disabled,
    ...(reason !== undefined ? { reason } : {}),
  } satisfies UpdateAdvisorRuleBody)
}

/** Switches a rule; the list is updated in place and refetched; a toast on failure unless `onError` is given. */
export function useAdvisorRuleUpdateMutation(options: MutationOptions<AdvisorRule, Variables> = {}) {
  return useDataMutation<AdvisorRule, Variables>(
    {
      mutationFn: updateAdvisorRule,
      what: 'update the rule',
      onSuccess(rule, variables, queryClient) {
        queryClient.setQueryData<AdvisorRule[]>(advisorKeys.rules(variables.projectRef), (rules) => rules?.map((r) => (r.name === rule.name ? rule : r)))
        void queryClient.invalidateQueries({ queryKey: advisorKeys.rules(variables.projectRef) })
      },
    },
    options
  )
}
