import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { put, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from './keys'
import type { OrganizationCustomer } from './organization-customer-query'
import { defaultMutationErrorToast } from '@/data/mutation'

export type BillingAddress = {
  line1: string
  line2?: string | null
  city?: string | null
  postal_code?: string | null
  state?: string | null
  /** ISO 3166-1 alpha-2, e.g. DE. */
  country: string
}

export type OrganizationCustomerUpdateVariables = {
  slug: string
  /** null removes the address. */
  address?: BillingAddress | null
  email?: string | null
  name?: string | null
}

/** PUT /platform/organizations/{slug}/customer: saves the fields given (400 names a bad field). */
export async function updateOrganizationCustomer({ slug, ...changes }: OrganizationCustomerUpdateVariables): Promise<OrganizationCustomer> {
  if (!slug) throw new Error('slug is required')
  return put<OrganizationCustomer>(`/platform/organizations/${encodeURIComponent(slug)}/customer`, changes)
}

type Options = Omit<UseMutationOptions<OrganizationCustomer, ResponseError, OrganizationCustomerUpdateVariables>, 'mutationFn'>

/**
 * Saves the billing customer and puts the answer in its cache at once, so the "Missing Billing
 * Information" banner (spec §5: it reads address.line1) goes away without a refetch. The billing
 * e-mail is the organization's, so the organization list is refreshed when it changes. A default
 * error toast unless `onError` is given.
 */
export function useOrganizationCustomerUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<OrganizationCustomer, ResponseError, OrganizationCustomerUpdateVariables>({
    mutationFn: updateOrganizationCustomer,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData(organizationKeys.customer(variables.slug), data)
      if (variables.email !== undefined) {
        await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
      }
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      defaultMutationErrorToast('update billing details', error)
    },
    ...options,
  })
}
