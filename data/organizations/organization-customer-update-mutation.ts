import { put } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { OrganizationCustomer, OrganizationCustomerBody } from '@/lib/api-types/billing'
import { organizationKeys } from './keys'

export type OrganizationCustomerUpdateVariables = { slug: string } & OrganizationCustomerBody

/** PUT /platform/organizations/{slug}/customer: saves the fields given (400 names a bad field). */
export async function updateOrganizationCustomer({ slug, ...changes }: OrganizationCustomerUpdateVariables): Promise<OrganizationCustomer> {
  if (!slug) throw new Error('slug is required')
  return put<OrganizationCustomer>(`/platform/organizations/${encodeURIComponent(slug)}/customer`, changes)
}

/**
 * Saves the billing customer and puts the answer in its cache at once, so the "Missing Billing
 * Information" banner (spec §5: it reads address.line1) goes away without a refetch. The billing
 * e-mail is the organization's, so the organization list is refreshed when it changes. A default
 * error toast unless `onError` is given.
 */
export function useOrganizationCustomerUpdateMutation(options: MutationOptions<OrganizationCustomer, OrganizationCustomerUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateOrganizationCustomer,
      what: 'update billing details',
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData(organizationKeys.customer(variables.slug), data)
        if (variables.email !== undefined) {
          await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
        }
      },
    },
    options
  )
}
