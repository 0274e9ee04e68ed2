import type { OrganizationRoleInfo } from '@/lib/api-types/members'
import { ROLES as ORGANIZATION_ROLES, type Role as OrganizationRole } from '@/lib/api-types/roles'
import { BASE_PATH } from '@/lib/config'

/** True for the roles that manage members and invitations (the platform's rule: Admin and above). */
export function canManageMembers(role: string | undefined): boolean {
  return role === 'Owner' || role === 'Admin'
}

/**
 * Roles the caller may hand out: those the plan offers (spec §6: Read-only needs Team), and Owner
 * only by an Owner. Without the role catalogue every role but the plan-gated ones is offered.
 */
export function assignableRoles(callerRole: string | undefined, catalogue: readonly OrganizationRoleInfo[] | undefined): OrganizationRole[] {
  const available = catalogue ? catalogue.filter((r) => r.available).map((r) => r.name) : [...ORGANIZATION_ROLES]
  return available.filter((role) => role !== 'Owner' || callerRole === 'Owner')
}

/** The absolute link an invitee opens: `{origin}/dashboard/join?token=…&slug=…`. */
export function invitationLink(joinPath: string, origin: string = typeof window === 'undefined' ? '' : window.location.origin): string {
  return `${origin}${BASE_PATH}${joinPath}`
}
