import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { TaxId } from './tax-ids-query'

export type TaxIdDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/tax-ids/{id}. */
export async function deleteTaxId({ slug, id }: TaxIdDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids/${id}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, TaxIdDeleteVariables>, 'mutationFn'>

/** Removes a tax id from the list cache; a default error toast unless `onError` is given. */
export function useTaxIdDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, TaxIdDeleteVariables>({
    mutationFn: deleteTaxId,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<TaxId[]>(organizationKeys.taxIds(variables.slug), (list) => list?.filter((t) => t.id !== variables.id))
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to remove tax ID: ${error.message}`)
    },
    ...options,
  })
}
