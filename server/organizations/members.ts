import { auditOrg, roleAtLeast, type OrganizationRow, type Role } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { conflict, forbidden, notFound } from '../http/errors'
import { assertRoleAvailable } from './roles'
import { toIso } from './serialize'
import type { Member } from '@/lib/api-types/members'

type MemberRow = Omit<Member, 'joined_at'> & { joined_at: string | Date }

const MEMBER_SELECT = `
  select m.user_id, u.email,
         coalesce(p.username, split_part(u.email, '@', 1)) as username,
         coalesce(p.primary_email, u.email) as primary_email,
         m.role, m.created_at as joined_at,
         exists (select 1 from platform.mfa_factors f where f.user_id = m.user_id and f.status = 'verified') as mfa_enabled
    from platform.members m
    join platform.users u on u.id = m.user_id
    left join platform.profiles p on p.user_id = m.user_id`

function serialize(row: MemberRow): Member {
  return { ...row, joined_at: toIso(row.joined_at) as string }
}

/** The members of an organization with their role and whether they use MFA. */
export async function listMembers(db: Db, organizationId: number): Promise<Member[]> {
  const { rows } = await db.query<MemberRow>(`${MEMBER_SELECT} where m.organization_id = $1 order by lower(u.email)`, [organizationId])
  return rows.map(serialize)
}

async function findMember(db: Db, organizationId: number, userId: string): Promise<Member> {
  const { rows } = await db.query<MemberRow>(`${MEMBER_SELECT} where m.organization_id = $1 and m.user_id = $2`, [organizationId, userId])
  if (!rows[0]) throw notFound(`User ${userId} is not a member of this organization`)
  return serialize(rows[0])
}

/** Owners of the organization, locked so two concurrent demotions cannot both pass the last-owner rule. */
async function lockOwners(tx: Db, organizationId: number): Promise<string[]> {
  const { rows } = await tx.query<{ user_id: string }>(
    `select user_id from platform.members where organization_id = $1 and role = 'Owner' for update`,
    [organizationId]
  )
  return rows.map((r) => r.user_id)
}

/** Only Owners grant or take away the Owner role. */
function assertMayTouchOwner(callerRole: Role, target: Role, next?: Role): void {
  if ((target === 'Owner' || next === 'Owner') && callerRole !== 'Owner') {
    throw forbidden(`Your role (${callerRole}) cannot grant or change the Owner role; it needs Owner`)
  }
}

/** Changes a member's role (Owner or Admin; the last Owner stays an Owner). */
export async function changeMemberRole(
  db: Db,
  caller: Caller,
  access: { org: OrganizationRow; role: Role },
  userId: string,
  next: Role
): Promise<Member> {
  const { org, role: callerRole } = access
  return db.transaction(async (tx) => {
    const owners = await lockOwners(tx, org.id)
    const member = await findMember(tx, org.id, userId)
    if (member.role === next) return member
    assertMayTouchOwner(callerRole, member.role, next)
    assertRoleAvailable(next, org.plan_id)
    if (member.role === 'Owner' && owners.length <= 1) {
      throw conflict('The last Owner of an organization cannot be demoted: make another member Owner first')
    }
    await tx.query('update platform.members set role = $3 where organization_id = $1 and user_id = $2', [org.id, userId, next])
    await auditOrg(tx, caller, org.id, 'member.role_changed', member.email, { user_id: userId, from: member.role, to: next })
    return { ...member, role: next }
  })
}

/** Removes a member; any member may leave, only Owners and Admins remove others, never the last Owner. */
export async function removeMember(
  db: Db,
  caller: Caller,
  access: { org: OrganizationRow; role: Role },
  userId: string
): Promise<void> {
  const { org, role: callerRole } = access
  const leaving = userId === caller.userId
  if (!leaving && !roleAtLeast(callerRole, 'Admin')) {
    throw forbidden(`Your role (${callerRole}) cannot remove other members; it needs Admin or above`)
  }
  await db.transaction(async (tx) => {
    const owners = await lockOwners(tx, org.id)
    const member = await findMember(tx, org.id, userId)
    if (!leaving) assertMayTouchOwner(callerRole, member.role)
    if (member.role === 'Owner' && owners.length <= 1) {
      throw conflict('The last Owner cannot leave or be removed: make another member Owner first, or delete the organization')
    }
    await tx.query('delete from platform.members where organization_id = $1 and user_id = $2', [org.id, userId])
    await auditOrg(tx, caller, org.id, leaving ? 'member.left' : 'member.removed', member.email, { user_id: userId, role: member.role })
  })
}
