import type { OptInKey } from '@/lib/catalogue/opt-in'
import { getServerConfig } from '@/lib/config'
import { findPlanTier } from '@/lib/catalogue/plans'
import type { OrganizationRow, Role } from '../access'
import type { Organization } from '@/lib/api-types/organizations'

function iso(value: string | Date | null): string | null {
  if (value === null) return null
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString()
}

/** The opt-ins in force: the organization's on the platform, the AI_OPT_IN setting self-hosted. */
export function effectiveOptIns(org: OrganizationRow): OptInKey[] {
  const config = getServerConfig()
  return config.isPlatform ? (org.opt_in_tags ?? []) : config.ai.optIn
}

/** Shapes an organization row for the caller holding `role`. */
export function serializeOrganization(org: OrganizationRow, role: Role): Organization {
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
    // Self-hosted, the operator sets them for the one organization (AI_OPT_IN).
    opt_in_tags: effectiveOptIns(org),
    role,
    is_owner: role === 'Owner',
    created_at: iso(org.created_at) as string,
  }
}

/** Timestamps come back as Date objects from both drivers; the API speaks ISO strings. */
export function toIso(value: string | Date | null | undefined): string | null {
  return value === undefined ? null : iso(value)
}
