import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import { organizationKeys } from './keys'
import type { Organization } from './organizations-query'

export type OrganizationUpdateVariables = {
  slug: string
  name?: string
  billing_email?: string | null
  organization_requires_mfa?: boolean
}

/** PATCH /platform/organizations/{slug}: renames, sets the billing e-mail or the MFA requirement. */
export async function updateOrganization({ slug, ...changes }: OrganizationUpdateVariables): Promise<Organization> {
  if (!slug) throw new Error('slug is required')
  return patch<Organization>(`/platform/organizations/${encodeURIComponent(slug)}`, changes)
}

type Options = Omit<UseMutationOptions<Organization, ResponseError, OrganizationUpdateVariables>, 'mutationFn'>

/** Updates an organization and puts the answer in the list cache; a default error toast unless `onError` is given. */
export function useOrganizationUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<Organization, ResponseError, OrganizationUpdateVariables>({
    mutationFn: updateOrganization,
    async onSuccess(data, variables, result, context) {
      queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
        list?.map((org) => (org.slug === variables.slug ? { ...org, ...data } : org))
      )
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to update organization: ${error.message}`)
    },
    ...options,
  })
}
