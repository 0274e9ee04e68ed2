import crypto from 'node:crypto'
import { auditOrg, type OrganizationRow, type Role } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors'
import { assertRoleAvailable } from './roles'
import { serializeOrganization, toIso } from './serialize'
import type { CreatedInvitation, Invitation, InvitationValidation } from '@/lib/api-types/members'
import type { Organization } from '@/lib/api-types/organizations'

/** An invitation works once, for this many days. */
export const INVITATION_TTL_DAYS = 7

type InvitationRow = {
  id: number
  organization_id: number
  email: string
  role: Role
  invited_by: string | null
  inviter_email: string | null
  inviter_username: string | null
  created_at: string | Date
  expires_at: string | Date
  expired: boolean
}

const invitationSelect = (extra = '') => `
  select ${extra} i.id, i.organization_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at,
         i.expires_at <= now() as expired,
         u.email as inviter_email, coalesce(p.username, split_part(u.email, '@', 1)) as inviter_username
    from platform.org_invitations i
    left join platform.users u on u.id = i.invited_by
    left join platform.profiles p on p.user_id = i.invited_by`
const INVITATION_SELECT = invitationSelect()

function serialize(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.invited_by ? { user_id: row.invited_by, email: row.inviter_email, username: row.inviter_username } : null,
    invited_at: toIso(row.created_at) as string,
    expires_at: toIso(row.expires_at) as string,
    expired: row.expired,
  }
}

/** Only the SHA-256 of a token is stored, so a leaked table does not leak working invitations. */
export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

function refuseSelfHosted(caller: Caller): void {
  if (caller.selfHosted) throw badRequest('Invitations are not available in self-hosted mode')
}

/** Pending invitations of an organization (not yet accepted; expired ones are flagged). */
export async function listInvitations(db: Db, organizationId: number): Promise<Invitation[]> {
  const { rows } = await db.query<InvitationRow>(
    `${INVITATION_SELECT} where i.organization_id = $1 and i.accepted_at is null order by i.created_at desc, i.id desc`,
    [organizationId]
  )
  return rows.map(serialize)
}

/** Invites an e-mail address with a role; the token is returned this once only. */
export async function createInvitation(
  db: Db,
  caller: Caller,
  access: { org: OrganizationRow; role: Role },
  input: { email: string; role: Role }
): Promise<CreatedInvitation> {
  refuseSelfHosted(caller)
  const { org, role: callerRole } = access
  if (input.role === 'Owner' && callerRole !== 'Owner') {
    throw forbidden(`Your role (${callerRole}) cannot invite Owners; it needs Owner`)
  }
  assertRoleAvailable(input.role, org.plan_id)
  const token = crypto.randomBytes(32).toString('base64url')
  return db.transaction(async (tx) => {
    // Serialise invitations of one organization so the duplicate checks below hold.
    await tx.query('select id from platform.organizations where id = $1 for update', [org.id])
    const member = await tx.query(
      `select 1 from platform.members m join platform.users u on u.id = m.user_id
        where m.organization_id = $1 and lower(u.email) = lower($2)`,
      [org.id, input.email]
    )
    if (member.rows.length) throw conflict(`${input.email} is already a member of this organization`)
    const pending = await tx.query(
      `select 1 from platform.org_invitations
        where organization_id = $1 and lower(email) = lower($2) and accepted_at is null and expires_at > now()`,
      [org.id, input.email]
    )
    if (pending.rows.length) throw conflict(`${input.email} already has a pending invitation: delete it to send a new one`)
    const { rows } = await tx.query<{ id: number }>(
      `insert into platform.org_invitations (organization_id, email, role, token_hash, invited_by, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) returning id`,
      [org.id, input.email, input.role, hashInvitationToken(token), caller.userId, INVITATION_TTL_DAYS]
    )
    await auditOrg(tx, caller, org.id, 'invitation.created', input.email, { invitation_id: rows[0].id, role: input.role })
    const created = await tx.query<InvitationRow>(`${INVITATION_SELECT} where i.id = $1`, [rows[0].id])
    return {
      ...serialize(created.rows[0]),
      token,
      join_path: `/join?token=${encodeURIComponent(token)}&slug=${encodeURIComponent(org.slug)}`,
    }
  })
}

/** Withdraws a pending invitation. */
export async function deleteInvitation(db: Db, caller: Caller, org: OrganizationRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string }>(
      'delete from platform.org_invitations where id = $1 and organization_id = $2 and accepted_at is null returning email',
      [id, org.id]
    )
    if (!rows[0]) throw notFound(`Invitation ${id} not found`)
    await auditOrg(tx, caller, org.id, 'invitation.deleted', rows[0].email, { invitation_id: id })
  })
}

type TokenRow = InvitationRow & { slug: string; organization_name: string; accepted_at: string | Date | null }

async function findByToken(db: Db, slug: string, token: string, lock: boolean): Promise<TokenRow> {
  const { rows } = await db.query<TokenRow>(
    `${invitationSelect('o.slug, o.name as organization_name, i.accepted_at,')}
      join platform.organizations o on o.id = i.organization_id
     where i.token_hash = $1 and o.slug = $2 ${lock ? 'for update of i' : ''}`,
    [hashInvitationToken(token), slug]
  )
  // A used token is as unknown as a wrong one: it works once.
  if (!rows[0] || rows[0].accepted_at) throw notFound('This invitation does not exist or has already been used')
  return rows[0]
}

async function callerEmail(db: Db, caller: Caller): Promise<string> {
  const { rows } = await db.query<{ email: string }>('select email from platform.users where id = $1', [caller.userId])
  return rows[0]?.email ?? caller.email
}

async function isMember(db: Db, organizationId: number, userId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from platform.members where organization_id = $1 and user_id = $2', [organizationId, userId])
  return rows.length > 0
}

/** What the /join page shows before accepting (spec §7 validate-token). */
export async function validateInvitation(db: Db, caller: Caller, slug: string, token: string): Promise<InvitationValidation> {
  refuseSelfHosted(caller)
  const row = await findByToken(db, slug, token, false)
  const email = await callerEmail(db, caller)
  return {
    organization_name: row.organization_name,
    organization_slug: row.slug,
    role: row.role,
    invited_by: serialize(row).invited_by,
    invited_at: toIso(row.created_at) as string,
    expires_at: toIso(row.expires_at) as string,
    expired_token: row.expired,
    email_match: email.toLowerCase() === row.email.toLowerCase(),
    already_member: await isMember(db, row.organization_id, caller.userId),
  }
}

/** Accepts an invitation: the caller joins with its role; the token is spent. */
export async function acceptInvitation(db: Db, caller: Caller, slug: string, token: string): Promise<Organization> {
  refuseSelfHosted(caller)
  return db.transaction(async (tx) => {
    const row = await findByToken(tx, slug, token, true)
    if (row.expired) throw new ApiError(410, `This invitation expired on ${toIso(row.expires_at)}: ask for a new one`)
    const email = await callerEmail(tx, caller)
    if (email.toLowerCase() !== row.email.toLowerCase()) {
      throw forbidden(`This invitation was sent to another e-mail address; sign in as ${row.email} to accept it`)
    }
    if (await isMember(tx, row.organization_id, caller.userId)) throw conflict('You are already a member of this organization')
    const { rows: orgs } = await tx.query<OrganizationRow>('select * from platform.organizations where id = $1', [row.organization_id])
    assertRoleAvailable(row.role, orgs[0].plan_id)
    await tx.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [row.organization_id, caller.userId, row.role])
    await tx.query('update platform.org_invitations set accepted_at = now(), accepted_by = $2 where id = $1', [row.id, caller.userId])
    await auditOrg(tx, caller, row.organization_id, 'invitation.accepted', row.email, { invitation_id: row.id, role: row.role })
    return serializeOrganization(orgs[0], row.role)
  })
}
