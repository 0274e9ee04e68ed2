import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import type { SelfServePlanId } from '@/lib/catalogue/plans'
import { organizationKeys } from './keys'
import type { Organization } from './organizations-query'

export type OrganizationCreateVariables = {
  name: string
  /** Free, Pro or Team; Enterprise goes through sales. */
  plan: SelfServePlanId
  billing_email?: string
}

/** POST /platform/organizations: creates the organization with the caller as Owner. */
export async function createOrganization(variables: OrganizationCreateVariables): Promise<Organization> {
  const name = variables.name.trim()
  if (!name) throw new Error('Organization name is required')
  return post<Organization>('/platform/organizations', { ...variables, name })
}

type Options = Omit<UseMutationOptions<Organization, ResponseError, OrganizationCreateVariables>, 'mutationFn'>

/** Creates an organization and refreshes the organization list; a default error toast unless `onError` is given. */
export function useOrganizationCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Organization, ResponseError, OrganizationCreateVariables>({
    mutationFn: createOrganization,
    async onSuccess(data, variables, result, context) {
      // The new organization is known now: put it in the list so its page opens without a flash of "not found".
      queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
        list ? [...list.filter((org) => org.slug !== data.slug), data].sort((a, b) => a.name.localeCompare(b.name)) : list
      )
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to create organization: ${error.message}`)
    },
    ...options,
  })
}
