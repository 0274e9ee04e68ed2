import { post } from '@/data/fetchers'
import { addToOrganizations } from './organizations-query'
import type { Organization, OrganizationCreateBody } from '@/lib/api-types/organizations'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type OrganizationCreateVariables = OrganizationCreateBody

/** POST /platform/organizations: creates the organization with the caller as Owner. */
export async function createOrganization(variables: OrganizationCreateVariables): Promise<Organization> {
  const name = variables.name.trim()
  if (!name) throw new Error('Organization name is required')
  return post<Organization>('/platform/organizations', { ...variables, name })
}

/** Creates an organization and refreshes the organization list; a default error toast unless `onError` is given. */
export function useOrganizationCreateMutation(options: MutationOptions<Organization, OrganizationCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createOrganization,
      what: 'create organization',
      onSuccess: (data, _variables, queryClient) => addToOrganizations(queryClient, data),
    },
    options
  )
}
