import { PLAN_ROLES, findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import { ROLES, type Role } from '../access'
import { badRequest } from '../http/errors'
import type { OrganizationRoles } from '@/lib/api-types/members'

/** What each organization role may do, as shown beside the role picker. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  Owner: 'Full access to the organization, its billing and its projects, including deleting the organization and managing other owners.',
  Admin: 'Manages members, invitations, billing and every project of the organization, but cannot delete it or manage owners.',
  Developer: 'Works on every project of the organization (databases, SQL, settings) without access to billing or members.',
  'Read-only': 'Can look at the organization and its projects but change nothing.',
}

/** True when `planId` offers `role` (spec §6 plan-table roles: Read-only needs Team or above). */
export function isRoleAvailableOnPlan(role: Role, planId: PlanId): boolean {
  return PLAN_ROLES[planId].roles.includes(role)
}

/** Throws a 400 naming the plans that offer the role when the organization's plan does not. */
export function assertRoleAvailable(role: Role, planId: PlanId): void {
  if (isRoleAvailableOnPlan(role, planId)) return
  const plans = (Object.keys(PLAN_ROLES) as PlanId[]).filter((id) => PLAN_ROLES[id].roles.includes(role)).map((id) => findPlanTier(id).name)
  throw badRequest(
    `The ${role} role is available on the ${plans.join(' and ')} plans only; this organization is on the ${findPlanTier(planId).name} plan`
  )
}

/** The role catalogue of an organization (GET .../roles). */
export function listRoles(planId: PlanId): OrganizationRoles {
  return {
    org_scoped_roles: ROLES.map((name) => ({
      id: name,
      name,
      description: ROLE_DESCRIPTIONS[name],
      available: isRoleAvailableOnPlan(name, planId),
    })),
    // spec §6: Team adds predefined project-scoped roles, Enterprise custom ones; none are defined here yet.
    project_scoped_roles: [],
    project_scoped_roles_supported: PLAN_ROLES[planId].projectScopedRoles,
  }
}
