import { get } from '@/data/fetchers'
import { organizationKeys } from './keys'
import { defineQuery } from '@/data/query'
import type { OrganizationCustomer } from '@/lib/api-types/billing'

/** GET /platform/organizations/{slug}/customer; fails with "slug is required" without a slug (spec §5). */
export async function getOrganizationCustomer({ slug }: { slug?: string }, signal?: AbortSignal): Promise<OrganizationCustomer> {
  if (!slug) throw new Error('slug is required')
  return get<OrganizationCustomer>(`/platform/organizations/${encodeURIComponent(slug)}/customer`, { signal })
}

/**
 * spec §5: runs only on the hosted platform, with billing read permission on the customer
 * resource, and with a slug — the caller passes the first two as `enabled`.
 */
export const { options: organizationCustomerQueryOptions, use: useOrganizationCustomerQuery } = defineQuery(({ slug, enabled }: { slug?: string; enabled: boolean }) => organizationKeys.customer(slug), getOrganizationCustomer, {
  staleTime: 60_000, ready: ({ slug, enabled }) => Boolean(slug),
})
