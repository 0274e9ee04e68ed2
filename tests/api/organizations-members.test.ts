import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type User = { id: string; email: string; token: string }
type Org = { id: number; slug: string }

describe('organization members, roles and invitations', () => {
  let platform: TestPlatform
  let db: Db

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
  })
  afterAll(async () => platform?.close())

  const createOrg = async (user: User, name: string, plan = 'free'): Promise<Org> => {
    const res = await platform.request('/platform/organizations', { token: user.token, body: { name, plan } })
    expect(res.status).toBe(201)
    return res.body
  }
  const addMember = (org: Org, user: User, role: string) =>
    db.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [org.id, user.id, role])
  const roleOf = async (org: Org, user: User) =>
    (await db.query<{ role: string }>('select role from platform.members where organization_id = $1 and user_id = $2', [org.id, user.id])).rows[0]?.role ?? null
  const setRole = (org: Org, target: User, caller: User, role: unknown) =>
    platform.request(`/platform/organizations/${org.slug}/members/${target.id}`, { method: 'PATCH', token: caller.token, body: { role } })
  const remove = (org: Org, target: User, caller: User) =>
    platform.request(`/platform/organizations/${org.slug}/members/${target.id}`, { method: 'DELETE', token: caller.token })

  describe('members and roles', () => {
    let owner: User, admin: User, dev: User, stranger: User
    let org: Org
    beforeAll(async () => {
      ;[owner, admin, dev, stranger] = await Promise.all([1, 2, 3, 4].map(() => platform.createUser()))
      org = await createOrg(owner, 'Members Org')
      await addMember(org, admin, 'Admin')
      await addMember(org, dev, 'Developer')
      await db.query(`insert into platform.profiles (user_id, username, primary_email) values ($1, 'devname', $2)`, [dev.id, dev.email])
    })

    it('lists members with e-mail, username, role and MFA state; non-members get 404', async () => {
      const res = await platform.request(`/platform/organizations/${org.slug}/members`, { token: dev.token })
      expect(res.status).toBe(200)
      expect(res.body).toHaveLength(3)
      const devRow = res.body.find((m: { user_id: string }) => m.user_id === dev.id)
      expect(devRow).toMatchObject({ email: dev.email, username: 'devname', primary_email: dev.email, role: 'Developer', mfa_enabled: false })
      expect(typeof devRow.joined_at).toBe('string')
      const other = await platform.request(`/platform/organizations/${org.slug}/members`, { token: stranger.token })
      expect(other.status).toBe(404)
    })

    it('lets Admins change roles below Owner and refuses Developers', async () => {
      const promoted = await setRole(org, dev, admin, 'Admin')
      expect(promoted.status).toBe(200)
      expect(promoted.body).toMatchObject({ user_id: dev.id, role: 'Admin' })
      expect(await roleOf(org, dev)).toBe('Admin')
      await setRole(org, dev, admin, 'Developer')
      const byDev = await setRole(org, admin, dev, 'Developer')
      expect(byDev.status).toBe(403)
      expect(await roleOf(org, admin)).toBe('Admin')
    })

    it('keeps the Owner role for Owners to grant and take', async () => {
      const grant = await setRole(org, dev, admin, 'Owner')
      expect(grant.status).toBe(403)
      expect(grant.body.message).toMatch(/cannot grant or change the Owner role/)
      const demote = await setRole(org, owner, admin, 'Developer')
      expect(demote.status).toBe(403)
      expect(await roleOf(org, owner)).toBe('Owner')
    })

    it('never demotes the last Owner, but does once there is another', async () => {
      const last = await setRole(org, owner, owner, 'Admin')
      expect(last.status).toBe(409)
      expect(last.body.message).toMatch(/last Owner/)
      expect(await roleOf(org, owner)).toBe('Owner')
      expect((await setRole(org, admin, owner, 'Owner')).status).toBe(200)
      expect((await setRole(org, owner, owner, 'Admin')).status).toBe(200)
      expect(await roleOf(org, owner)).toBe('Admin')
      expect((await setRole(org, owner, admin, 'Owner')).status).toBe(200)
      expect((await setRole(org, admin, owner, 'Admin')).status).toBe(200)
      const audits = await db.query<{ n: number }>(
        `select count(*)::int as n from platform.audit_logs where organization_id = $1 and action = 'member.role_changed'`,
        [org.id]
      )
      expect(audits.rows[0].n).toBe(6)
    })

    it('offers Read-only only on Team and Enterprise', async () => {
      const res = await setRole(org, dev, owner, 'Read-only')
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('The Read-only role is available on the Team and Enterprise plans only; this organization is on the Free plan')
      expect(await roleOf(org, dev)).toBe('Developer')
      const team = await createOrg(owner, 'Team Roles', 'team')
      await addMember(team, dev, 'Developer')
      const ok = await setRole(team, dev, owner, 'Read-only')
      expect(ok.status).toBe(200)
      expect(await roleOf(team, dev)).toBe('Read-only')
      // Read-only members read but change nothing.
      expect((await platform.request(`/platform/organizations/${team.slug}/members`, { token: dev.token })).status).toBe(200)
      expect((await platform.request(`/platform/organizations/${team.slug}`, { method: 'PATCH', token: dev.token, body: { name: 'x' } })).status).toBe(403)
    })

    it('validates role changes', async () => {
      const bad = await setRole(org, dev, owner, 'Superuser')
      expect(bad.status).toBe(400)
      expect(bad.body.message).toMatch(/role: must be one of Owner, Admin, Developer, Read-only/)
      const extra = await platform.request(`/platform/organizations/${org.slug}/members/${dev.id}`, {
        method: 'PATCH',
        token: owner.token,
        body: { role: 'Admin', user_id: 'x' },
      })
      expect(extra.status).toBe(400)
      expect(extra.body.message).toMatch(/unknown field "user_id"/)
      const notUuid = await platform.request(`/platform/organizations/${org.slug}/members/nobody`, { method: 'PATCH', token: owner.token, body: { role: 'Admin' } })
      expect(notUuid.status).toBe(400)
      const notMember = await setRole(org, stranger, owner, 'Admin')
      expect(notMember.status).toBe(404)
      expect(await roleOf(org, dev)).toBe('Developer')
    })

    it('removes members by the rules: leave yourself, Admins remove others, never the last Owner', async () => {
      const other = await platform.createUser()
      await addMember(org, other, 'Developer')
      expect((await remove(org, other, dev)).status).toBe(403)
      expect((await remove(org, owner, admin)).status).toBe(403)
      const lastOwner = await remove(org, owner, owner)
      expect(lastOwner.status).toBe(409)
      expect(lastOwner.body.message).toMatch(/last Owner cannot leave/)
      expect((await remove(org, other, admin)).status).toBe(204)
      expect(await roleOf(org, other)).toBeNull()
      expect((await remove(org, dev, dev)).status).toBe(204)
      expect(await roleOf(org, dev)).toBeNull()
      expect((await platform.request(`/platform/organizations/${org.slug}`, { token: dev.token })).status).toBe(404)
      const actions = await db.query<{ action: string }>(
        `select action from platform.audit_logs where organization_id = $1 and action in ('member.removed', 'member.left') order by id`,
        [org.id]
      )
      expect(actions.rows.map((r) => r.action)).toEqual(['member.removed', 'member.left'])
    })
  })

  describe('invitations and the /join flow', () => {
    let owner: User, admin: User, dev: User, invitee: User, someoneElse: User
    let org: Org
    beforeAll(async () => {
      ;[owner, admin, dev, someoneElse] = await Promise.all([1, 2, 3, 4].map(() => platform.createUser()))
      invitee = await platform.createUser('Invitee.Person@example.com')
      org = await createOrg(owner, 'Inviting Org')
      await addMember(org, admin, 'Admin')
      await addMember(org, dev, 'Developer')
    })
    const invite = (caller: User, body: unknown, slug = org.slug) =>
      platform.request(`/platform/organizations/${slug}/members/invitations`, { token: caller.token, body })
    const countInvites = async () =>
      (await db.query<{ n: number }>('select count(*)::int as n from platform.org_invitations where organization_id = $1', [org.id])).rows[0].n

    it('refuses bad invitations with 4xx and writes nothing', async () => {
      const cases: [User, unknown, number, RegExp][] = [
        [admin, { email: 'not-an-email', role: 'Developer' }, 400, /email: must be an e-mail address/],
        [admin, { email: 'a@b.test', role: 'Read-only' }, 400, /Read-only role is available on the Team and Enterprise plans/],
        [admin, { email: 'a@b.test', role: 'Owner' }, 403, /cannot invite Owners/],
        [admin, { email: 'a@b.test', role: 'Developer', token: 'x' }, 400, /unknown field "token"/],
        [admin, { email: dev.email.toUpperCase(), role: 'Developer' }, 409, /already a member/],
        [dev, { email: 'a@b.test', role: 'Developer' }, 403, /Developer/],
      ]
      for (const [caller, body, status, message] of cases) {
        const res = await invite(caller, body)
        expect(res.status, JSON.stringify(res.body)).toBe(status)
        expect(res.body.message).toMatch(message)
      }
      expect(await countInvites()).toBe(0)
    })

    it('invites, validates, refuses the wrong account, accepts once', async () => {
      const created = await invite(admin, { email: 'invitee.person@EXAMPLE.com', role: 'Developer' })
      expect(created.status).toBe(201)
      const { token, id } = created.body
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(created.body.join_path).toBe(`/join?token=${token}&slug=${org.slug}`)
      const expiresIn = Date.parse(created.body.expires_at) - Date.parse(created.body.invited_at)
      expect(Math.round(expiresIn / 86_400_000)).toBe(7)
      // The token itself is never stored.
      const stored = await db.query<{ token_hash: string }>('select token_hash from platform.org_invitations where id = $1', [id])
      expect(stored.rows[0].token_hash).not.toContain(token)
      expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/)

      const dup = await invite(admin, { email: 'INVITEE.person@example.com', role: 'Admin' })
      expect(dup.status).toBe(409)

      const list = await platform.request(`/platform/organizations/${org.slug}/members/invitations`, { token: admin.token })
      expect(list.status).toBe(200)
      expect(list.body).toHaveLength(1)
      expect(list.body[0]).toMatchObject({ id, role: 'Developer', expired: false, invited_by: { user_id: admin.id, email: admin.email } })
      expect(list.body[0].token).toBeUndefined()
      expect((await platform.request(`/platform/organizations/${org.slug}/members/invitations`, { token: dev.token })).status).toBe(403)

      const path = `/platform/organizations/${org.slug}/members/invitations/${token}`
      const check = await platform.request(path, { token: invitee.token })
      expect(check.status).toBe(200)
      expect(check.body).toMatchObject({
        organization_name: 'Inviting Org',
        organization_slug: org.slug,
        role: 'Developer',
        expired_token: false,
        email_match: true,
        already_member: false,
        invited_by: { email: admin.email },
      })
      const wrongUser = await platform.request(path, { token: someoneElse.token })
      expect(wrongUser.body.email_match).toBe(false)
      expect((await platform.request(path)).status).toBe(401)
      const wrongSlug = await platform.request(`/platform/organizations/other-org/members/invitations/${token}`, { token: invitee.token })
      expect(wrongSlug.status).toBe(404)

      const refused = await platform.request(path, { method: 'POST', token: someoneElse.token })
      expect(refused.status).toBe(403)
      expect(refused.body.message).toMatch(/sent to another e-mail address/)
      expect(await roleOf(org, someoneElse)).toBeNull()

      const accepted = await platform.request(path, { method: 'POST', token: invitee.token })
      expect(accepted.status).toBe(200)
      expect(accepted.body).toMatchObject({ slug: org.slug, role: 'Developer' })
      expect(await roleOf(org, invitee)).toBe('Developer')

      const again = await platform.request(path, { method: 'POST', token: invitee.token })
      expect(again.status).toBe(404)
      expect(again.body.message).toBe('This invitation does not exist or has already been used')
      expect((await platform.request(path, { token: invitee.token })).status).toBe(404)
      const pending = await platform.request(`/platform/organizations/${org.slug}/members/invitations`, { token: owner.token })
      expect(pending.body).toHaveLength(0)
    })

    it('refuses expired invitations and lets Admins withdraw pending ones', async () => {
      const late = await platform.createUser()
      const created = await invite(owner, { email: late.email, role: 'Admin' })
      expect(created.status).toBe(201)
      await db.query(`update platform.org_invitations set expires_at = now() - interval '1 minute' where id = $1`, [created.body.id])
      const path = `/platform/organizations/${org.slug}/members/invitations/${created.body.token}`
      expect((await platform.request(path, { token: late.token })).body.expired_token).toBe(true)
      const expired = await platform.request(path, { method: 'POST', token: late.token })
      expect(expired.status).toBe(410)
      expect(expired.body.message).toMatch(/expired/)
      expect(await roleOf(org, late)).toBeNull()

      // An expired invitation does not block a new one; a withdrawn one cannot be used.
      const fresh = await invite(admin, { email: late.email, role: 'Developer' })
      expect(fresh.status).toBe(201)
      const gone = await platform.request(`/platform/organizations/${org.slug}/members/invitations/${fresh.body.id}`, { method: 'DELETE', token: admin.token })
      expect(gone.status).toBe(204)
      const after = await platform.request(`/platform/organizations/${org.slug}/members/invitations/${fresh.body.token}`, { method: 'POST', token: late.token })
      expect(after.status).toBe(404)
      const unknown = await platform.request(`/platform/organizations/${org.slug}/members/invitations/999999`, { method: 'DELETE', token: admin.token })
      expect(unknown.status).toBe(404)
      const badBody = await platform.request(path, { method: 'POST', token: late.token, body: { role: 'Owner' } })
      expect(badBody.status).toBe(400)
    })

    it('accepting into a Team org as Read-only works; another org cannot see the invitation', async () => {
      const team = await createOrg(owner, 'Team Invites', 'team')
      const reader = await platform.createUser()
      const created = await invite(owner, { email: reader.email, role: 'Read-only' }, team.slug)
      expect(created.status).toBe(201)
      const outsider = await platform.createUser()
      const outsiderOrg = await createOrg(outsider, 'Outsider Org')
      const list = await platform.request(`/platform/organizations/${team.slug}/members/invitations`, { token: outsider.token })
      expect(list.status).toBe(404)
      const del = await platform.request(`/platform/organizations/${outsiderOrg.slug}/members/invitations/${created.body.id}`, {
        method: 'DELETE',
        token: outsider.token,
      })
      expect(del.status).toBe(404)
      const ok = await platform.request(`/platform/organizations/${team.slug}/members/invitations/${created.body.token}`, { method: 'POST', token: reader.token })
      expect(ok.status).toBe(200)
      expect(await roleOf(team, reader)).toBe('Read-only')
    })
  })
})
