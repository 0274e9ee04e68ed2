import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

const BILLING_PATHS = [
  'customer',
  'tax-ids',
  'payment-methods',
  'billing/plans',
  'billing/subscription',
  'billing/invoices',
  'billing/invoices/count',
  'billing/invoices/upcoming',
  'usage',
]

describe('billing in self-hosted mode', () => {
  let platform: TestPlatform
  let db: Db
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
    // The projects part bootstraps this organization; here it is written directly.
    await db.query(`insert into platform.organizations (slug, name) values ('default', 'Default Organization') on conflict (slug) do nothing`)
  })
  afterAll(async () => platform?.close())

  it('answers every billing endpoint with 404 and says why', async () => {
    for (const path of BILLING_PATHS) {
      const res = await platform.request(`/platform/organizations/default/${path}`)
      expect(res.status, path).toBe(404)
      expect(res.body.message).toBe('Billing is not available in self-hosted mode')
    }
    const change = await platform.request('/platform/organizations/default/billing/subscription', { method: 'PUT', body: { plan_id: 'pro' } })
    expect(change.status).toBe(404)
  })

  it('has nothing overdue, lists the default organization as Owner and keeps organization reads working', async () => {
    expect((await platform.request('/platform/stripe/invoices/overdue')).body).toEqual([])
    const orgs = await platform.request('/platform/organizations')
    expect(orgs.status).toBe(200)
    expect(orgs.body).toEqual([expect.objectContaining({ slug: 'default', role: 'Owner', is_owner: true })])
    expect((await platform.request('/platform/organizations/default/available-regions')).body.recommended.code).toBe('ap-southeast-1')
    const create = await platform.request('/platform/organizations', { body: { name: 'Another' } })
    expect(create.status).toBe(400)
    expect(create.body.message).toMatch(/^Self-hosted mode has one organization/)
    const invite = await platform.request('/platform/organizations/default/members/invitations', { body: { email: 'a@b.test', role: 'Developer' } })
    expect(invite.status).toBe(400)
    expect(invite.body.message).toBe('Invitations are not available in self-hosted mode')
  })
})

describe('billing with the billing flag off', () => {
  let platform: TestPlatform
  let db: Db
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true, env: { BILLING_ENABLED: 'false' } })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
  })
  afterAll(async () => {
    delete process.env.BILLING_ENABLED
    await platform?.close()
  })

  it('answers billing endpoints with 404 and returns no overdue invoices', async () => {
    const owner = await platform.createUser()
    const created = await platform.request('/platform/organizations', { token: owner.token, body: { name: 'No Billing', plan: 'pro' } })
    expect(created.status).toBe(201)
    const { insertInvoice } = await import('@/server/billing/invoices')
    await insertInvoice(db, {
      organizationId: created.body.id,
      status: 'open',
      lines: [{ description: 'Pro plan', amount: 2500 }],
      periodStart: new Date(Date.now() - 40 * 86_400_000),
      periodEnd: new Date(Date.now() - 10 * 86_400_000),
      dueDate: new Date(Date.now() - 5 * 86_400_000),
    })
    const overdue = await platform.request('/platform/stripe/invoices/overdue', { token: owner.token })
    expect(overdue.status).toBe(200)
    expect(overdue.body).toEqual([])
    for (const path of BILLING_PATHS) {
      const res = await platform.request(`/platform/organizations/${created.body.slug}/${path}`, { token: owner.token })
      expect(res.status, path).toBe(404)
      expect(res.body.message).toBe('Billing is disabled on this platform')
    }
    // Organizations themselves still work.
    expect((await platform.request(`/platform/organizations/${created.body.slug}`, { token: owner.token })).body.plan.id).toBe('pro')
  })
})
