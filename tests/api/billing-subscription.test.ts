import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type User = { id: string; email: string; token: string }
type Org = { id: number; slug: string }

describe('subscription and plan changes', () => {
  let platform: TestPlatform
  let db: Db
  let refs = 0

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
  })
  afterAll(async () => platform?.close())

  async function createOrg(user: User, name: string, plan = 'free'): Promise<Org> {
    const res = await platform.request('/platform/organizations', { token: user.token, body: { name, plan } })
    expect(res.status).toBe(201)
    return res.body
  }
  const addProjects = async (o: Org, statuses: string[]) => {
    for (const status of statuses) {
      await db.query(`insert into platform.projects (ref, name, organization_id, region, status) values ($1, 'p', $2, 'ap-southeast-1', $3)`, [
        `subref${String(++refs).padStart(8, '0')}`,
        o.id,
        status,
      ])
    }
  }
  const planOf = async (o: Org) => (await db.query<{ plan_id: string }>('select plan_id from platform.organizations where id = $1', [o.id])).rows[0].plan_id
  const put = (o: Org, user: User, body: unknown) =>
    platform.request(`/platform/organizations/${o.slug}/billing/subscription`, { method: 'PUT', token: user.token, body })
  const preview = (o: Org, user: User, body: unknown) =>
    platform.request(`/platform/organizations/${o.slug}/billing/subscription/preview`, { method: 'POST', token: user.token, body })
  const invoicesOf = async (o: Org) =>
    (await db.query<{ status: string; amount_due: number }>('select status, amount_due from platform.invoices where organization_id = $1', [o.id])).rows

  it('describes the subscription of the current period', async () => {
    const owner = await platform.createUser()
    const org = await createOrg(owner, 'Sub Pro', 'pro')
    const res = await platform.request(`/platform/organizations/${org.slug}/billing/subscription`, { token: owner.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ plan: { id: 'pro', name: 'Pro' }, tier: 'tier_pro', usage_billing_enabled: true, billing_partner: null, addons: [] })
    const start = Date.parse(res.body.current_period_start)
    const end = Date.parse(res.body.current_period_end)
    expect(start).toBeLessThanOrEqual(Date.now())
    expect(end).toBeGreaterThan(Date.now())
    expect(Date.parse(res.body.billing_cycle_anchor)).toBe(start)
  })

  it('upgrades Free to Pro (by plan_id) and Pro to Team (by tier), writing a prorated paid invoice and an audit entry', async () => {
    const owner = await platform.createUser()
    const org = await createOrg(owner, 'Upgrader')
    const pre = await preview(org, owner, { plan_id: 'pro' })
    expect(pre.status).toBe(200)
    expect(pre.body).toMatchObject({ current_plan: { id: 'free' }, target_plan: { id: 'pro', name: 'Pro' }, change: 'upgrade', allowed: true, refusal_reason: null })
    expect(pre.body.amount_due_today).toBeGreaterThan(2400)
    expect(pre.body.amount_due_today).toBeLessThanOrEqual(2500)
    const res = await put(org, owner, { plan_id: 'pro' })
    expect(res.status).toBe(200)
    expect(res.body.plan).toEqual({ id: 'pro', name: 'Pro' })
    expect(await planOf(org)).toBe('pro')
    const invoices = await invoicesOf(org)
    expect(invoices).toHaveLength(1)
    expect(invoices[0].status).toBe('paid')
    expect(invoices[0].amount_due).toBe(pre.body.amount_due_today)
    const team = await put(org, owner, { tier: 'tier_team' })
    expect(team.status).toBe(200)
    expect(await planOf(org)).toBe('team')
    const audits = await db.query<{ metadata: { from: string; to: string } }>(
      `select metadata from platform.audit_logs where organization_id = $1 and action = 'billing.plan_changed' order by id`,
      [org.id]
    )
    expect(audits.rows.map((r) => [r.metadata.from, r.metadata.to])).toEqual([
      ['free', 'pro'],
      ['pro', 'team'],
    ])
    // Same plan again: nothing happens.
    expect((await put(org, owner, { plan_id: 'team' })).status).toBe(200)
    expect(await invoicesOf(org)).toHaveLength(2)
  })

  it('validates the change body', async () => {
    const owner = await platform.createUser()
    const org = await createOrg(owner, 'Body Checks', 'pro')
    const cases: [unknown, RegExp][] = [
      [{}, /give either tier or plan_id/],
      [{ tier: 'tier_pro', plan_id: 'pro' }, /give either tier or plan_id/],
      [{ plan_id: 'gold' }, /plan_id: must be one of free, pro, team, enterprise/],
      [{ tier: 'pro' }, /tier: must be one of tier_free/],
      [{ plan_id: 'free', coupon: 'x' }, /unknown field "coupon"/],
    ]
    for (const [body, message] of cases) {
      const res = await put(org, owner, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toMatch(message)
    }
    expect(await planOf(org)).toBe('pro')
  })

  it('refuses Enterprise self-selection and marketplace-billed organizations', async () => {
    const owner = await platform.createUser()
    const org = await createOrg(owner, 'Wants Enterprise', 'pro')
    const ent = await put(org, owner, { tier: 'tier_enterprise' })
    expect(ent.status).toBe(400)
    expect(ent.body.message).toMatch(/^The Enterprise plan cannot be selected here: contact sales/)
    await db.query(`update platform.organizations set billing_partner = 'vercel_marketplace' where id = $1`, [org.id])
    const partner = await put(org, owner, { plan_id: 'team' })
    expect(partner.status).toBe(400)
    expect(partner.body.message).toBe('This organization is billed through the Vercel marketplace: change its plan there')
    const pre = await preview(org, owner, { plan_id: 'team' })
    expect(pre.status).toBe(200)
    expect(pre.body).toMatchObject({ allowed: false, refusal_reason: partner.body.message, amount_due_today: 0 })
    await db.query(`update platform.organizations set billing_partner = 'aws' where id = $1`, [org.id])
    expect((await put(org, owner, { plan_id: 'free' })).body.message).toMatch(/AWS marketplace/)
    expect(await planOf(org)).toBe('pro')
    expect(await invoicesOf(org)).toHaveLength(0)
  })

  it('refuses a downgrade to Free while the organization has more than 2 active projects', async () => {
    const owner = await platform.createUser()
    const org = await createOrg(owner, 'Busy Pro', 'pro')
    await addProjects(org, ['ACTIVE_HEALTHY', 'ACTIVE_HEALTHY', 'COMING_UP', 'INACTIVE'])
    const res = await put(org, owner, { plan_id: 'free' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The Free plan allows 2 active projects and this organization has 3: pause or delete 1 project first')
    expect(await planOf(org)).toBe('pro')
    const pre = await preview(org, owner, { plan_id: 'free' })
    expect(pre.body).toMatchObject({ allowed: false, change: 'downgrade' })
    await db.query(`update platform.projects set status = 'INACTIVE' where organization_id = $1 and status = 'COMING_UP'`, [org.id])
    const ok = await put(org, owner, { plan_id: 'free' })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ plan: { id: 'free' }, usage_billing_enabled: false })
    // A downgrade charges nothing.
    expect(await invoicesOf(org)).toHaveLength(0)
  })

  it('refuses a downgrade that would put an Owner or Admin over the free limit across their free organizations', async () => {
    const owner = await platform.createUser()
    const admin = await platform.createUser()
    const paid = await createOrg(owner, 'Paid One', 'pro')
    const freeOfAdmin = await createOrg(admin, 'Admin Free')
    await db.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Admin')`, [paid.id, admin.id])
    await addProjects(paid, ['ACTIVE_HEALTHY'])
    await addProjects(freeOfAdmin, ['ACTIVE_HEALTHY', 'INACTIVE'])
    expect((await preview(paid, owner, { plan_id: 'free' })).body.allowed).toBe(true)
    await addProjects(freeOfAdmin, ['ACTIVE_HEALTHY'])
    const res = await put(paid, owner, { plan_id: 'free' })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(`${admin.email.split('@')[0]} (${admin.email}, 3 active free projects)`)
    expect(res.body.message).toMatch(/over the limit of 2 active free projects/)
    expect(await planOf(paid)).toBe('pro')
  })

  it('refuses leaving Team while Read-only members or invitations exist', async () => {
    const owner = await platform.createUser()
    const reader = await platform.createUser()
    const org = await createOrg(owner, 'Team Readers', 'team')
    await db.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Read-only')`, [org.id, reader.id])
    const res = await put(org, owner, { plan_id: 'pro' })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The Pro plan has no Read-only role: change the role of 1 Read-only member or invitation first')
    expect(await planOf(org)).toBe('team')
  })

  it('lets Owners and Admins change plans; Developers read the subscription only', async () => {
    const owner = await platform.createUser()
    const dev = await platform.createUser()
    const stranger = await platform.createUser()
    const org = await createOrg(owner, 'Roles Sub', 'pro')
    await db.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Developer')`, [org.id, dev.id])
    expect((await platform.request(`/platform/organizations/${org.slug}/billing/subscription`, { token: dev.token })).status).toBe(200)
    expect((await put(org, dev, { plan_id: 'team' })).status).toBe(403)
    expect((await preview(org, dev, { plan_id: 'team' })).status).toBe(403)
    expect((await put(org, stranger, { plan_id: 'team' })).status).toBe(404)
    expect(await planOf(org)).toBe('pro')
  })
})
