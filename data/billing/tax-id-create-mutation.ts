import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { TaxId } from './tax-ids-query'

export type TaxIdCreateVariables = { slug: string; type: string; value: string; country?: string }

/** POST /platform/organizations/{slug}/tax-ids: the platform checks the id's shape and answers 400 naming it. */
export async function createTaxId({ slug, ...taxId }: TaxIdCreateVariables): Promise<TaxId> {
  if (!slug) throw new Error('slug is required')
  return post<TaxId>(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids`, taxId)
}

type Options = Omit<UseMutationOptions<TaxId, ResponseError, TaxIdCreateVariables>, 'mutationFn'>

/** Adds a tax id to the list cache; a default error toast unless `onError` is given. */
export function useTaxIdCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<TaxId, ResponseError, TaxIdCreateVariables>({
    mutationFn: createTaxId,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<TaxId[]>(organizationKeys.taxIds(variables.slug), (list) => (list ? [...list, data] : list))
      await queryClient.invalidateQueries({ queryKey: organizationKeys.taxIds(variables.slug) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to add tax ID: ${error.message}`)
    },
    ...options,
  })
}
