import { post } from '@/data/fetchers'
import { organizationKeys } from './keys'
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
      async onSuccess(data, _variables, queryClient) {
        // The new organization is known now: put it in the list so its page opens without a flash of "not found".
        queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
          list ? [...list.filter((org) => org.slug !== data.slug), data].sort((a, b) => a.name.localeCompare(b.name)) : list
        )
        await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
      },
    },
    options
  )
}
