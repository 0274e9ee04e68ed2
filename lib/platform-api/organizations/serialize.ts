import { findPlanTier } from '@/lib/catalogue/plans'
import type { OrganizationRow, Role } from '../access'

/** An organization as the API returns it (spec §3 Organization). */
export type OrganizationResponse = {
  id: number
  slug: string
  name: string
  plan: { id: OrganizationRow['plan_id']; name: string }
  billing_email: string | null
  billing_partner: OrganizationRow['billing_partner']
  restriction_status: OrganizationRow['restriction_status']
  restriction_data: { grace_period_end: string | null } | null
  organization_requires_mfa: boolean
  role: Role
  is_owner: boolean
  created_at: string
}

function iso(value: string | Date | null): string | null {
  if (value === null) return null
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

/** Shapes an organization row for the caller holding `role`. */
export function serializeOrganization(org: OrganizationRow, role: Role): OrganizationResponse {
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    plan: { id: org.plan_id, name: findPlanTier(org.plan_id).name },
    billing_email: org.billing_email,
    billing_partner: org.billing_partner,
    restriction_status: org.restriction_status,
    // spec §3, §4: the grace period end drives the banners; no restriction, no data
    restriction_data: org.restriction_status ? { grace_period_end: iso(org.grace_period_end) } : null,
    organization_requires_mfa: org.organization_requires_mfa,
    role,
    is_owner: role === 'Owner',
    created_at: iso(org.created_at) as string,
  }
}

/** Timestamps come back as Date objects from both drivers; the API speaks ISO strings. */
export function toIso(value: string | Date | null | undefined): string | null {
  return value === undefined ? null : iso(value)
}
