/**
 * Members, invitations and roles of an organization as the platform sends them, and the request
 * bodies it validates with the zod schemas below (the dashboard imports their types only).
 */
import { z } from 'zod'
import { emailSchema } from './organizations'
import { ROLES, type Role } from './roles'

/** `GET .../members`: a member with their role and whether they use MFA. */
export type Member = {
  user_id: string
  email: string
  username: string
  primary_email: string
  role: Role
  mfa_enabled: boolean
  joined_at: string
}

export type Inviter = { user_id: string; email: string | null; username: string | null }

/** A pending invitation (accepted ones are not listed; expired ones are flagged). */
export type Invitation = {
  id: number
  email: string
  role: Role
  invited_by: Inviter | null
  invited_at: string
  expires_at: string
  expired: boolean
}

/** The new invitation with its token, returned this once only, and the join path to hand over. */
export type CreatedInvitation = Invitation & { token: string; join_path: string }

/** What the join page shows before accepting (`GET .../members/invitations/{token}`, spec §7 validate-token). */
export type InvitationValidation = {
  organization_name: string
  organization_slug: string
  role: Role
  invited_by: Inviter | null
  invited_at: string
  expires_at: string
  expired_token: boolean
  email_match: boolean
  already_member: boolean
}

export type OrganizationRoleInfo = {
  id: Role
  name: Role
  description: string
  /** False when the organization's plan does not offer the role (spec §6: Read-only needs Team). */
  available: boolean
}

/** `GET .../roles`: the roles of the organization's plan. */
export type OrganizationRoles = {
  org_scoped_roles: OrganizationRoleInfo[]
  project_scoped_roles: unknown[]
  project_scoped_roles_supported: 'none' | 'predefined' | 'custom'
}

export const roleSchema = z.enum(ROLES, `must be one of ${ROLES.join(', ')}`)

/** Body of `PATCH .../members/{userId}`. */
export const updateMemberBody = z.strictObject({ role: roleSchema })
export type MemberRoleUpdateBody = z.input<typeof updateMemberBody>

/** Body of `POST .../members/invitations`. */
export const createInvitationBody = z.strictObject({ email: emailSchema, role: roleSchema })
export type InvitationCreateBody = z.input<typeof createInvitationBody>

/** Accepting takes no fields: the token in the path says everything. */
export const acceptInvitationBody = z.strictObject({})
