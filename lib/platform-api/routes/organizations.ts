import { getOrgAccess, type Role } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { respond, type ApiRequest } from '../http/types'
import { parseBody, parseParams, parseQuery } from '../http/validate'
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
import {
  acceptInvitationBody,
  createInvitationBody,
  createOrganizationBody,
  invitationIdParams,
  invitationTokenParams,
  memberParams,
  mfaEnforcementBody,
  slugParams,
  updateMemberBody,
  updateOrganizationBody,
} from '../organizations/schemas'
import { serializeOrganization } from '../organizations/serialize'

const ORG = '/platform/organizations/:slug'

/** Caller, store and the caller's organization and role, or 401/404/403. */
async function orgContext(req: ApiRequest, minimum: Role) {
  const caller = await requireCaller(req)
  const db = await getStore()
  const { slug } = parseParams(req, slugParams)
  const access = await getOrgAccess(db, caller, slug, minimum)
  return { caller, db, ...access }
}

/**
 * Organizations, members, roles, invitations, MFA requirement, audit logs, regions and the
 * free-project-limit check. Minimum roles: reads Read-only; changes Admin; deleting the
 * organization and the MFA requirement Owner (finer rules live in the logic modules).
 */
export function registerOrganizationRoutes(router: Router): void {
  router.get('/platform/organizations', async (req) => {
    const caller = await requireCaller(req)
    return listOrganizations(await getStore(), caller)
  })

  router.post('/platform/organizations', async (req) => {
    const caller = await requireCaller(req)
    const body = await parseBody(req, createOrganizationBody)
    return respond(201, await createOrganization(await getStore(), caller, body))
  })

  router.get(ORG, async (req) => {
    const { org, role } = await orgContext(req, 'Read-only')
    return serializeOrganization(org, role)
  })

  router.patch(ORG, async (req) => {
    const { caller, db, org, role } = await orgContext(req, 'Admin')
    const body = await parseBody(req, updateOrganizationBody)
    return updateOrganization(db, caller, { org, role }, body)
  })

  router.delete(ORG, async (req) => {
    const { caller, db, org } = await orgContext(req, 'Owner')
    await deleteOrganization(db, caller, org)
    return undefined
  })

  router.get(`${ORG}/roles`, async (req) => {
    const { org } = await orgContext(req, 'Read-only')
    return listRoles(org.plan_id)
  })

  router.get(`${ORG}/members`, async (req) => {
    const { db, org } = await orgContext(req, 'Read-only')
    return listMembers(db, org.id)
  })

  router.get(`${ORG}/members/mfa/enforcement`, async (req) => {
    const { org } = await orgContext(req, 'Read-only')
    return { enforced: org.organization_requires_mfa }
  })

  router.patch(`${ORG}/members/mfa/enforcement`, async (req) => {
    const { caller, db, org, role } = await orgContext(req, 'Owner')
    const body = await parseBody(req, mfaEnforcementBody)
    const updated = await updateOrganization(db, caller, { org, role }, { organization_requires_mfa: body.enforced })
    return { enforced: updated.organization_requires_mfa }
  })

  router.get(`${ORG}/members/invitations`, async (req) => {
    const { db, org } = await orgContext(req, 'Admin')
    return listInvitations(db, org.id)
  })

  router.post(`${ORG}/members/invitations`, async (req) => {
    const { caller, db, org, role } = await orgContext(req, 'Admin')
    const body = await parseBody(req, createInvitationBody)
    return respond(201, await createInvitation(db, caller, { org, role }, body))
  })

  router.delete(`${ORG}/members/invitations/:id`, async (req) => {
    const { caller, db, org } = await orgContext(req, 'Admin')
    const { id } = parseParams(req, invitationIdParams)
    await deleteInvitation(db, caller, org, id)
    return undefined
  })

  // The /join flow: the invitee is not a member yet, so only sign-in is required.
  router.get(`${ORG}/members/invitations/:token`, async (req) => {
    const caller = await requireCaller(req)
    const { slug, token } = parseParams(req, invitationTokenParams)
    return validateInvitation(await getStore(), caller, slug, token)
  })

  router.post(`${ORG}/members/invitations/:token`, async (req) => {
    const caller = await requireCaller(req)
    const { slug, token } = parseParams(req, invitationTokenParams)
    await parseBody(req, acceptInvitationBody)
    return acceptInvitation(await getStore(), caller, slug, token)
  })

  router.patch(`${ORG}/members/:userId`, async (req) => {
    const { caller, db, org, role } = await orgContext(req, 'Admin')
    const { userId } = parseParams(req, memberParams)
    const body = await parseBody(req, updateMemberBody)
    return changeMemberRole(db, caller, { org, role }, userId, body.role)
  })

  router.delete(`${ORG}/members/:userId`, async (req) => {
    // Any member may leave; removing someone else needs Admin (checked in removeMember).
    const { caller, db, org, role } = await orgContext(req, 'Read-only')
    const { userId } = parseParams(req, memberParams)
    await removeMember(db, caller, { org, role }, userId)
    return undefined
  })

  router.get(`${ORG}/audit`, async (req) => {
    const { db, org } = await orgContext(req, 'Read-only')
    const range = auditRange(parseQuery(req, auditQuery))
    return listOrganizationAuditLogs(db, org.id, range)
  })

  router.get(`${ORG}/available-regions`, async (req) => {
    await orgContext(req, 'Read-only')
    const { cloud_provider } = parseQuery(req, availableRegionsQuery)
    return availableRegions(cloud_provider)
  })

  router.get(`${ORG}/free-project-limit-check`, async (req) => {
    const { db, org } = await orgContext(req, 'Read-only')
    return freeProjectLimitCheck(db, org)
  })
}
