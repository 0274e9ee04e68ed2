import { post } from '@/data/fetchers'
import { organizationKeys } from '@/data/organizations/keys'
import type { TaxId, TaxIdCreateBody } from '@/lib/api-types/billing'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type TaxIdCreateVariables = { slug: string } & TaxIdCreateBody

/** POST /platform/organizations/{slug}/tax-ids: the platform checks the id's shape and answers 400 naming it. */
export async function createTaxId({ slug, ...taxId }: TaxIdCreateVariables): Promise<TaxId> {
  if (!slug) throw new Error('slug is required')
  return post<TaxId>(`/platform/organizations/${encodeURIComponent(slug)}/tax-ids`, taxId)
}

/** Adds a tax id to the list cache; a default error toast unless `onError` is given. */
export function useTaxIdCreateMutation(options: MutationOptions<TaxId, TaxIdCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createTaxId,
      what: 'add tax ID',
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData<TaxId[]>(organizationKeys.taxIds(variables.slug), (list) => (list ? [...list, data] : list))
        await queryClient.invalidateQueries({ queryKey: organizationKeys.taxIds(variables.slug) })
      },
    },
    options
  )
}
