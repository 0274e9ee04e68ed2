import { type QueryClient } from '@tanstack/react-query'
import { del } from '@/data/fetchers'
import { organizationKeys } from './keys'
import type { Organization } from '@/lib/api-types/organizations'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type OrganizationDeleteVariables = { slug: string }

/** DELETE /platform/organizations/{slug} (Owner; refused while it still has projects). */
export async function deleteOrganization({ slug }: OrganizationDeleteVariables): Promise<void> {
  if (!slug) throw new Error('slug is required')
  await del(`/platform/organizations/${encodeURIComponent(slug)}`)
}

/**
 * Drops a deleted (or left) organization from the caches. Call it once the page has left the
 * organization's routes: while they are open, the route guard would take the vanished slug for
 * an unknown one.
 */
export function forgetOrganization(queryClient: QueryClient, slug: string): void {
  queryClient.setQueryData<Organization[]>(organizationKeys.list(), (list) => list?.filter((org) => org.slug !== slug))
  queryClient.removeQueries({ queryKey: organizationKeys.detail(slug) })
  void queryClient.invalidateQueries({ queryKey: organizationKeys.list(), exact: true })
}

/**
 * Deletes an organization; a default error toast unless `onError` is given. The caches keep it
 * until the caller has navigated away and calls `forgetOrganization` (see there why).
 */
export function useOrganizationDeleteMutation(options: MutationOptions<void, OrganizationDeleteVariables> = {}) {
  return useDataMutation({ mutationFn: deleteOrganization, what: 'delete organization' }, options)
}
