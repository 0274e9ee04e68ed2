import { route } from '../http/route'
import { respond } from '../http/types'
import { auditQuery, auditRange, listOrganizationAuditLogs } from '../organizations/audit-logs'
import { availableRegions, availableRegionsQuery } from '../organizations/available-regions'
import { freeProjectLimitCheck } from '../organizations/free-project-limit'
import {
  acceptInvitation,
  createInvitation,
  deleteInvitation,
  listInvitations,
  validateInvitation,
} from '../organizations/invitations'
import { changeMemberRole, listMembers, removeMember } from '../organizations/members'
import { createOrganization, deleteOrganization, listOrganizations, updateOrganization } from '../organizations/organizations'
import { listRoles } from '../organizations/roles'
import { invitationIdParams, invitationTokenParams, memberParams, slugParams } from '../organizations/schemas'
import { acceptInvitationBody, createInvitationBody, updateMemberBody } from '@/lib/api-types/members'
import { createOrganizationBody, mfaEnforcementBody, updateOrganizationBody } from '@/lib/api-types/organizations'
import { serializeOrganization } from '../organizations/serialize'

const ORG = '/platform/organizations/:slug'
const at = (minimum: 'Owner' | 'Admin' | 'Read-only') => ({ scope: 'organization', minimum }) as const
const user = { scope: 'user' } as const

/**
 * Organizations, members, roles, invitations, MFA requirement, audit logs, regions and the
 * free-project-limit check. Minimum roles: reads Read-only; changes Admin; deleting the
 * organization and the MFA requirement Owner (finer rules live in the logic modules).
 */
export const organizationRoutes = [
  route({ method: 'GET', path: '/platform/organizations', summary: "The caller's organizations", access: user, handler: async ({ db, caller }) => listOrganizations(db, caller) }),
  route({
    method: 'POST',
    path: '/platform/organizations',
    summary: 'Create an organization; the caller becomes its Owner',
    access: user,
    body: createOrganizationBody,
    handler: async ({ db, caller, body }) => respond(201, await createOrganization(db, caller, body)),
  }),
  route({
    method: 'GET',
    path: ORG,
    summary: 'An organization with the caller\'s role',
    access: at('Read-only'),
    params: slugParams,
    handler: async ({ org, role }) => serializeOrganization(org, role),
  }),
  route({
    method: 'PATCH',
    path: ORG,
    summary: "Change an organization's name, slug or billing email",
    access: at('Admin'),
    params: slugParams,
    body: updateOrganizationBody,
    handler: async ({ db, caller, org, role, body }) => updateOrganization(db, caller, { org, role }, body),
  }),
  route({
    method: 'DELETE',
    path: ORG,
    summary: 'Delete an organization',
    access: at('Owner'),
    params: slugParams,
    handler: async ({ db, caller, org }) => deleteOrganization(db, caller, org).then(() => undefined),
  }),
  route({
    method: 'GET',
    path: `${ORG}/roles`,
    summary: "The roles the organization's plan offers",
    access: at('Read-only'),
    params: slugParams,
    handler: async ({ org }) => listRoles(org.plan_id),
  }),
  route({
    method: 'GET',
    path: `${ORG}/members`,
    summary: 'The members and their roles',
    access: at('Read-only'),
    params: slugParams,
    handler: async ({ db, org }) => listMembers(db, org.id),
  }),
  route({
    method: 'GET',
    path: `${ORG}/members/mfa/enforcement`,
    summary: 'Whether members must use MFA',
    access: at('Read-only'),
    params: slugParams,
    handler: async ({ org }) => ({ enforced: org.organization_requires_mfa }),
  }),
  route({
    method: 'PATCH',
    path: `${ORG}/members/mfa/enforcement`,
    summary: 'Require MFA of members, or stop requiring it',
    access: at('Owner'),
    params: slugParams,
    body: mfaEnforcementBody,
    handler: async ({ db, caller, org, role, body }) => {
      const updated = await updateOrganization(db, caller, { org, role }, { organization_requires_mfa: body.enforced })
      return { enforced: updated.organization_requires_mfa }
    },
  }),
  route({
    method: 'GET',
    path: `${ORG}/members/invitations`,
    summary: 'Pending invitations',
    access: at('Admin'),
    params: slugParams,
    handler: async ({ db, org }) => listInvitations(db, org.id),
  }),
  route({
    method: 'POST',
    path: `${ORG}/members/invitations`,
    summary: 'Invite someone by email with a role',
    access: at('Admin'),
    params: slugParams,
    body: createInvitationBody,
    handler: async ({ db, caller, org, role, body }) => respond(201, await createInvitation(db, caller, { org, role }, body)),
  }),
  route({
    method: 'DELETE',
    path: `${ORG}/members/invitations/:id`,
    summary: 'Withdraw an invitation',
    access: at('Admin'),
    params: invitationIdParams,
    handler: async ({ db, caller, org, params }) => deleteInvitation(db, caller, org, params.id).then(() => undefined),
  }),
  // The /join flow: the invitee is not a member yet, so only sign-in is required.
  route({
    method: 'GET',
    path: `${ORG}/members/invitations/:token`,
    summary: 'Read an invitation by its token (the /join screen)',
    access: user,
    params: invitationTokenParams,
    handler: async ({ db, caller, params }) => validateInvitation(db, caller, params.slug, params.token),
  }),
  route({
    method: 'POST',
    path: `${ORG}/members/invitations/:token`,
    summary: 'Accept an invitation addressed to the caller',
    access: user,
    params: invitationTokenParams,
    body: acceptInvitationBody,
    handler: async ({ db, caller, params }) => acceptInvitation(db, caller, params.slug, params.token),
  }),
  route({
    method: 'PATCH',
    path: `${ORG}/members/:userId`,
    summary: "Change a member's role",
    access: at('Admin'),
    params: memberParams,
    body: updateMemberBody,
    handler: async ({ db, caller, org, role, params, body }) => changeMemberRole(db, caller, { org, role }, params.userId, body.role),
  }),
  // Any member may leave; removing someone else needs Admin (checked in removeMember).
  route({
    method: 'DELETE',
    path: `${ORG}/members/:userId`,
    summary: 'Leave the organization, or remove a member (Admin)',
    access: at('Read-only'),
    params: memberParams,
    handler: async ({ db, caller, org, role, params }) => removeMember(db, caller, { org, role }, params.userId).then(() => undefined),
  }),
  route({
    method: 'GET',
    path: `${ORG}/audit`,
    summary: "The organization's audit log for a date range",
    access: at('Read-only'),
    params: slugParams,
    query: auditQuery,
    handler: async ({ db, org, query }) => listOrganizationAuditLogs(db, org.id, auditRange(query)),
  }),
  route({
    method: 'GET',
    path: `${ORG}/available-regions`,
    summary: 'Regions a new project may use, for a cloud provider',
    access: at('Read-only'),
    params: slugParams,
    query: availableRegionsQuery,
    handler: async ({ query }) => availableRegions(query.cloud_provider),
  }),
  route({
    method: 'GET',
    path: `${ORG}/free-project-limit-check`,
    summary: 'Members who reached the free plan\'s project limit',
    access: at('Read-only'),
    params: slugParams,
    handler: async ({ db, org }) => freeProjectLimitCheck(db, org),
  }),
]
