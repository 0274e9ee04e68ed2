import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { forgetOrganization } from '@/data/organizations/organization-delete-mutation'
import { lastVisitedStore } from '@/state/last-visited'

/**
 * After the member left the organization or deleted it: it stops being the last visited one, the
 * member lands on the organization list, and only then its cached data goes (forgetOrganization).
 */
export function useLeaveOrganization(slug: string) {
  const router = useRouter()
  const queryClient = useQueryClient()
  return async () => {
    if (lastVisitedStore.getState().organization === slug) lastVisitedStore.getState().clearLastVisitedOrganization()
    await router.push('/organizations')
    forgetOrganization(queryClient, slug)
  }
}
