import type { OrganizationRow } from '../access'

/** An organization row with the billing columns of migration 003 (`getOrgAccess` selects them all). */
export type BillingOrganizationRow = OrganizationRow & { billing_cycle_anchor: string | Date }

/** Reads the billing anchor off an organization row; rows from `getOrgAccess` always carry it. */
export function asBillingOrganization(org: OrganizationRow): BillingOrganizationRow {
  const anchor = (org as Partial<BillingOrganizationRow>).billing_cycle_anchor
  return { ...org, billing_cycle_anchor: anchor ?? org.created_at }
}
