import { patch } from '@/data/fetchers'
import { organizationKeys } from './keys'
import type { Organization, OrganizationUpdateBody } from '@/lib/api-types/organizations'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type OrganizationUpdateVariables = { slug: string } & OrganizationUpdateBody

/** PATCH /platform/organizations/{slug}: renames, sets the billing e-mail, the MFA requirement or the assistant's opt-ins (`opt_in_tags`). */
export async function updateOrganization({ slug, ...changes }: OrganizationUpdateVariables): Promise<Organization> {
  if (!slug) throw new Error('slug is required')
  return patch<Organization>(`/platform/organizations/${encodeURIComponent(slug)}`, changes)
}

/** Updates an organization and puts the answer in the list cache; a default error toast unless `onError` is given. */
export function useOrganizationUpdateMutation(options: MutationOptions<Organization, OrganizationUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateOrganization,
      what: 'update organization',
      async onSuccess(data, variables, queryClient) {
        queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) =>
          list?.map((org) => (org.slug === variables.slug ? { ...org, ...data } : org))
        )
        await queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
      },
    },
    options
  )
}
