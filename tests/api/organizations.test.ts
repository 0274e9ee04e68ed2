import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type User = { id: string; email: string; token: string }

describe('organizations API', () => {
  let platform: TestPlatform
  let db: Db
  let owner: User
  let stranger: User

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
    owner = await platform.createUser()
    stranger = await platform.createUser()
  })
  afterAll(async () => platform?.close())

  const create = async (user: User, body: Record<string, unknown>) => {
    const res = await platform.request('/platform/organizations', { token: user.token, body })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body
  }
  const addMember = (orgId: number, user: User, role: string) =>
    db.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [orgId, user.id, role])
  const countRows = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params as never[])).rows[0].n)

  it('refuses anonymous callers with 401', async () => {
    const res = await platform.request('/platform/organizations')
    expect(res.status).toBe(401)
    expect(res.body.message).toMatch(/signed in/)
  })

  it('creates an organization with an Owner membership and an audit entry, slug from the name', async () => {
    const org = await create(owner, { name: 'Zeta Labs', plan: 'pro', billing_email: 'bills@zeta.test' })
    expect(org).toMatchObject({
      slug: 'zeta-labs',
      name: 'Zeta Labs',
      plan: { id: 'pro', name: 'Pro' },
      billing_email: 'bills@zeta.test',
      billing_partner: null,
      restriction_status: null,
      restriction_data: null,
      organization_requires_mfa: false,
      is_owner: true,
      role: 'Owner',
    })
    expect(await countRows(`platform.members where organization_id = $1 and user_id = $2 and role = 'Owner'`, [org.id, owner.id])).toBe(1)
    expect(await countRows(`platform.audit_logs where organization_id = $1 and action = 'organization.created'`, [org.id])).toBe(1)
  })

  it('defaults to the free plan and the creator e-mail, and makes taken slugs unique', async () => {
    const a = await create(owner, { name: 'Ächo  Works!' })
    expect(a.slug).toBe('acho-works')
    expect(a.plan.id).toBe('free')
    expect(a.billing_email).toBe(owner.email)
    const b = await create(stranger, { name: 'acho works' })
    expect(b.slug).toMatch(/^acho-works-[a-z0-9]{6}$/)
  })

  it('lists only the caller\'s organizations, sorted by name case-insensitively', async () => {
    await create(owner, { name: 'alpha' })
    await create(owner, { name: 'Beta' })
    const res = await platform.request('/platform/organizations', { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.map((o: { name: string }) => o.name)).toEqual(['Ächo  Works!', 'alpha', 'Beta', 'Zeta Labs'])
    const theirs = await platform.request('/platform/organizations', { token: stranger.token })
    expect(theirs.body.map((o: { name: string }) => o.name)).toEqual(['acho works'])
  })

  it('rejects bad creation bodies with 400 naming the problem and writes nothing', async () => {
    const before = await countRows('platform.organizations')
    const cases: [unknown, RegExp][] = [
      [{ name: '' }, /name: must not be empty/],
      [{ name: 'x', plan: 'enterprise' }, /plan: must be one of free, pro, team/],
      [{ name: 'x', extra: 1 }, /unknown field "extra"/],
      [{ name: 42 }, /name/],
      [{ name: 'a\u0000b' }, /name: must not contain NUL characters/],
      [{ name: 'x', billing_email: 'nope' }, /billing_email: must be an e-mail address/],
    ]
    for (const [body, message] of cases) {
      const res = await platform.request('/platform/organizations', { token: owner.token, body })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
    }
    const malformed = await platform.request('/platform/organizations', {
      token: owner.token,
      rawBody: '{"name":',
      headers: { 'Content-Type': 'application/json' },
      method: 'POST',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Malformed JSON in request body')
    expect(await countRows('platform.organizations')).toBe(before)
  })

  it('gets one organization with restriction data, and answers 404 to non-members', async () => {
    const org = await create(owner, { name: 'Restricted Co' })
    const { setOrganizationRestriction } = await import('@/server/organizations/restriction')
    await setOrganizationRestriction(db, org.id, 'grace_period', new Date('2030-01-15T00:00:00Z'))
    const res = await platform.request(`/platform/organizations/${org.slug}`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.restriction_status).toBe('grace_period')
    expect(res.body.restriction_data).toEqual({ grace_period_end: '2030-01-15T00:00:00.000Z' })
    const other = await platform.request(`/platform/organizations/${org.slug}`, { token: stranger.token })
    expect(other.status).toBe(404)
    expect(other.body.message).toBe(`Organization ${org.slug} not found`)
    const missing = await platform.request('/platform/organizations/does-not-exist', { token: owner.token })
    expect(missing.status).toBe(404)
  })

  it('updates name and billing e-mail as Admin, refuses Developers, never lets users set restrictions', async () => {
    const org = await create(owner, { name: 'Patch Me' })
    const admin = await platform.createUser()
    const dev = await platform.createUser()
    await addMember(org.id, admin, 'Admin')
    await addMember(org.id, dev, 'Developer')
    const ok = await platform.request(`/platform/organizations/${org.slug}`, {
      method: 'PATCH',
      token: admin.token,
      body: { name: 'Patched', billing_email: null },
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ name: 'Patched', billing_email: null, slug: org.slug, role: 'Admin', is_owner: false })
    const denied = await platform.request(`/platform/organizations/${org.slug}`, { method: 'PATCH', token: dev.token, body: { name: 'Nope' } })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toMatch(/Developer.*Admin/)
    const restricted = await platform.request(`/platform/organizations/${org.slug}`, {
      method: 'PATCH',
      token: owner.token,
      body: { restriction_status: null },
    })
    expect(restricted.status).toBe(400)
    expect(restricted.body.message).toMatch(/unknown field "restriction_status"/)
    const empty = await platform.request(`/platform/organizations/${org.slug}`, { method: 'PATCH', token: owner.token, body: {} })
    expect(empty.status).toBe(400)
    const mfaByAdmin = await platform.request(`/platform/organizations/${org.slug}`, {
      method: 'PATCH',
      token: admin.token,
      body: { organization_requires_mfa: true },
    })
    expect(mfaByAdmin.status).toBe(403)
    expect(mfaByAdmin.body.message).toMatch(/MFA requirement; it needs Owner/)
    const name = (await db.query<{ name: string }>('select name from platform.organizations where id = $1', [org.id])).rows[0].name
    expect(name).toBe('Patched')
  })

  it('requires a verified MFA factor before an Owner requires MFA, then exposes the flag', async () => {
    const org = await create(owner, { name: 'Mfa Org' })
    const path = `/platform/organizations/${org.slug}/members/mfa/enforcement`
    const refused = await platform.request(path, { method: 'PATCH', token: owner.token, body: { enforced: true } })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/verified MFA factor/)
    await db.query(
      `insert into platform.mfa_factors (id, user_id, friendly_name, status, secret) values (gen_random_uuid(), $1, 'phone', 'verified', 'SECRET')`,
      [owner.id]
    )
    const ok = await platform.request(path, { method: 'PATCH', token: owner.token, body: { enforced: true } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ enforced: true })
    expect((await platform.request(path, { token: owner.token })).body).toEqual({ enforced: true })
    const got = await platform.request(`/platform/organizations/${org.slug}`, { token: owner.token })
    expect(got.body.organization_requires_mfa).toBe(true)
    const members = await platform.request(`/platform/organizations/${org.slug}/members`, { token: owner.token })
    expect(members.body[0]).toMatchObject({ user_id: owner.id, mfa_enabled: true, role: 'Owner' })
    const bad = await platform.request(path, { method: 'PATCH', token: owner.token, body: { enforced: 'yes' } })
    expect(bad.status).toBe(400)
  })

  it('deletes an organization as Owner only, refusing while it has projects', async () => {
    const org = await create(owner, { name: 'Doomed' })
    const admin = await platform.createUser()
    await addMember(org.id, admin, 'Admin')
    const asAdmin = await platform.request(`/platform/organizations/${org.slug}`, { method: 'DELETE', token: admin.token })
    expect(asAdmin.status).toBe(403)
    await db.query(`insert into platform.projects (ref, name, organization_id, region, status) values ('doomedref00001', 'p', $1, 'ap-southeast-1', 'INACTIVE')`, [org.id])
    const busy = await platform.request(`/platform/organizations/${org.slug}`, { method: 'DELETE', token: owner.token })
    expect(busy.status).toBe(409)
    expect(busy.body.message).toMatch(/still has 1 project: delete them first/)
    await db.query(`update platform.projects set status = 'REMOVED' where ref = 'doomedref00001'`)
    const ok = await platform.request(`/platform/organizations/${org.slug}`, { method: 'DELETE', token: owner.token })
    expect(ok.status).toBe(204)
    expect(await countRows('platform.organizations where id = $1', [org.id])).toBe(0)
    expect(await countRows(`platform.audit_logs where action = 'organization.deleted' and target = $1`, [org.slug])).toBe(1)
  })

  it('lists roles with plan availability (Read-only on Team and Enterprise only)', async () => {
    const free = await create(owner, { name: 'Roles Free' })
    const team = await create(owner, { name: 'Roles Team', plan: 'team' })
    const freeRoles = await platform.request(`/platform/organizations/${free.slug}/roles`, { token: owner.token })
    expect(freeRoles.status).toBe(200)
    expect(freeRoles.body.org_scoped_roles.map((r: { name: string; available: boolean }) => [r.name, r.available])).toEqual([
      ['Owner', true],
      ['Admin', true],
      ['Developer', true],
      ['Read-only', false],
    ])
    expect(freeRoles.body.org_scoped_roles[3].description).toMatch(/change nothing/)
    const teamRoles = await platform.request(`/platform/organizations/${team.slug}/roles`, { token: owner.token })
    expect(teamRoles.body.org_scoped_roles[3]).toMatchObject({ name: 'Read-only', available: true })
  })

  it('filters audit logs by date range and validates the range', async () => {
    const org = await create(owner, { name: 'Audited' })
    await db.query(
      `insert into platform.audit_logs (user_id, organization_id, action, occurred_at) values
         ($1, $2, 'old.thing', '2025-01-10T12:00:00Z'), ($1, $2, 'mid.thing', '2025-02-01T00:00:00Z'), ($1, $2, 'late.thing', '2025-02-20T23:59:00Z')`,
      [owner.id, org.id]
    )
    const base = `/platform/organizations/${org.slug}/audit`
    const res = await platform.request(`${base}?date_start=2025-01-15T00:00:00Z&date_end=2025-02-20`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.result.map((e: { action: string }) => e.action)).toEqual(['late.thing', 'mid.thing'])
    expect(res.body.result[0].actor).toEqual({ id: owner.id, email: owner.email })
    const offset = await platform.request(`${base}?date_start=2025-02-01T01:00:00+02:00&date_end=2025-02-02T00:00:00Z`, { token: owner.token })
    expect(offset.body.result.map((e: { action: string }) => e.action)).toEqual(['mid.thing'])
    const recent = await platform.request(base, { token: owner.token })
    expect(recent.body.result.map((e: { action: string }) => e.action)).toEqual(['organization.created'])

    const reversed = await platform.request(`${base}?date_start=2025-02-01&date_end=2025-01-01`, { token: owner.token })
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toBe('date_start must not be after date_end')
    const tooLong = await platform.request(`${base}?date_start=2025-01-01&date_end=2025-03-15`, { token: owner.token })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message).toMatch(/must not exceed 62 days/)
    const garbage = await platform.request(`${base}?date_start=yesterday`, { token: owner.token })
    expect(garbage.status).toBe(400)
    expect(garbage.body.message).toMatch(/date_start: must be an ISO 8601 date/)
    const other = await platform.request(`${base}?date_start=2025-01-15&date_end=2025-02-20`, { token: stranger.token })
    expect(other.status).toBe(404)
  })

  it('lists available regions with Southeast Asia recommended, per provider', async () => {
    const org = await create(owner, { name: 'Regions' })
    const res = await platform.request(`/platform/organizations/${org.slug}/available-regions?cloud_provider=AWS`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body.recommended.code).toBe('ap-southeast-1')
    expect(res.body.regions).toHaveLength(16)
    expect(res.body.regions.filter((r: { recommended: boolean }) => r.recommended)).toHaveLength(1)
    const fly = await platform.request(`/platform/organizations/${org.slug}/available-regions?cloud_provider=FLY`, { token: owner.token })
    expect(fly.body.regions.map((r: { code: string }) => r.code)).toEqual(['sin'])
    const bad = await platform.request(`/platform/organizations/${org.slug}/available-regions?cloud_provider=GCP`, { token: owner.token })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/cloud_provider: must be one of FLY, AWS/)
  })

  it('names Owners and Admins who would pass the free project limit with one more free project', async () => {
    const runner = await platform.createUser()
    const org = await create(runner, { name: 'Limit Check' })
    const other = await create(runner, { name: 'Limit Other' })
    const admin = await platform.createUser()
    const dev = await platform.createUser()
    await addMember(org.id, admin, 'Admin')
    await addMember(org.id, dev, 'Developer')
    const check = () => platform.request(`/platform/organizations/${org.slug}/free-project-limit-check`, { token: dev.token })
    expect((await check()).body).toEqual({ members_exceeding_free_project_limit: [] })
    await db.query(
      `insert into platform.projects (ref, name, organization_id, region, status) values
         ('limitref000001', 'a', $1, 'ap-southeast-1', 'ACTIVE_HEALTHY'), ('limitref000002', 'b', $2, 'ap-southeast-1', 'COMING_UP'),
         ('limitref000003', 'c', $2, 'ap-southeast-1', 'INACTIVE')`,
      [org.id, other.id]
    )
    const res = await check()
    expect(res.status).toBe(200)
    expect(res.body.members_exceeding_free_project_limit).toEqual([
      { username: runner.email.split('@')[0], primary_email: runner.email, free_project_limit: 2 },
    ])
  })
})
