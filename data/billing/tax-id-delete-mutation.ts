import { del } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { TaxId } from '@/lib/api-types/billing'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type TaxIdDeleteVariables = { slug: string; id: number }

/** DELETE /platform/organizations/{slug}/tax-ids/{id}. */
export async function deleteTaxId({ slug, id }: TaxIdDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids/${id}`)
}

/** Removes a tax id from the list cache; a default error toast unless `onError` is given. */
export function useTaxIdDeleteMutation(options: MutationOptions<void, TaxIdDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteTaxId,
      what: 'remove tax ID',
      async onSuccess(_data, variables, queryClient) {
        queryClient.setQueryData<TaxId[]>(organizationKeys.taxIds(variables.slug), (list) => list?.filter((t) => t.id !== variables.id))
      },
    },
    options
  )
}
