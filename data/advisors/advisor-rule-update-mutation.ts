import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { patch, type ResponseError } from '@/data/fetchers'
import type { AdvisorRule, AdvisorRuleUpdate } from '@/lib/advisors/rules'
import { advisorKeys } from './keys'
import { defaultMutationErrorToast } from '@/data/mutation'

export type AdvisorRuleUpdateVariables = { projectRef: string; name: string } & AdvisorRuleUpdate

/** PATCH /platform/projects/{ref}/advisors/rules {name, disabled, reason?}. */
export async function updateAdvisorRule({ projectRef, name, disabled, reason }: AdvisorRuleUpdateVariables): Promise<AdvisorRule> {
  if (!projectRef) throw new Error('Project ref is required')
  return patch<AdvisorRule>(`/platform/projects/${encodeURIComponent(projectRef)}/advisors/rules`, {
    name,
    disabled,
    ...(reason !== undefined ? { reason } : {}),
  })
}

type Options = Omit<UseMutationOptions<AdvisorRule, ResponseError, AdvisorRuleUpdateVariables>, 'mutationFn'>

/** Switches a rule; the list is updated in place and refetched; a toast on failure unless `onError` is given. */
export function useAdvisorRuleUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<AdvisorRule, ResponseError, AdvisorRuleUpdateVariables>({
    mutationFn: updateAdvisorRule,
    async onSuccess(rule, variables, result, context) {
      queryClient.setQueryData<AdvisorRule[]>(advisorKeys.rules(variables.projectRef), (rules) =>
        rules?.map((r) => (r.name === rule.name ? rule : r))
      )
      void queryClient.invalidateQueries({ queryKey: advisorKeys.rules(variables.projectRef) })
      await onSuccess?.(rule, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('update the rule', error)
    },
    ...options,
  })
}
