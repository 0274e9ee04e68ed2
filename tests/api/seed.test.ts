import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

describe('demo seed', () => {
  let platform: TestPlatform
  let token: string
  let password: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    const { seedDemo } = await import('@/server/seed/demo')
    const result = await seedDemo(await getStore())
    expect(result.created).toBe(true)
    password = result.password
    const res = await fetch(`${platform.gotrueUrl}/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: result.email, password }),
    })
    expect(res.status).toBe(200)
    token = (await res.json()).access_token
  }, 180_000)
  afterAll(async () => platform?.close())

  it('never seeds a known password', () => {
    expect(password).toMatch(/^demo-[\w-]{16}$/)
  })

  it('gives the demo user organizations in every state the dashboard renders', async () => {
    const { body: orgs } = await platform.request('/platform/organizations', { token })
    const bySlug = Object.fromEntries(orgs.map((o: any) => [o.slug, o]))
    expect(Object.keys(bySlug)).toHaveLength(9)
    expect(new Set(orgs.map((o: any) => o.plan.id))).toEqual(new Set(['free', 'pro', 'team']))
    expect(bySlug['demo-grace-period'].restriction_status).toBe('grace_period')
    expect(Date.parse(bySlug['demo-grace-period'].restriction_data.grace_period_end)).toBeGreaterThan(Date.now())
    expect(bySlug['demo-grace-period-over'].restriction_status).toBe('grace_period_over')
    expect(bySlug['demo-restricted'].restriction_status).toBe('restricted')
    expect(bySlug['vercel_demo-marketplace'].billing_partner).toBe('vercel_marketplace')
    expect(bySlug['demo-mfa-required'].organization_requires_mfa).toBe(true)

    const missing = await platform.request('/platform/organizations/demo-missing-billing/customer', { token })
    expect(missing.body.address?.line1 ?? null).toBeNull()
    const overdue = await platform.request('/platform/stripe/invoices/overdue', { token })
    expect(overdue.body).toHaveLength(1)
    expect(overdue.body[0].organization_id).toBe(bySlug['demo-team'].id)
  })

  it('has projects in several statuses and a branch pointing at its parent', async () => {
    const { body: projects } = await platform.request('/platform/projects', { token })
    const statuses = new Set(projects.map((p: any) => p.status))
    expect(statuses).toEqual(new Set(['ACTIVE_HEALTHY', 'INACTIVE', 'INIT_FAILED']))
    const parent = projects.find((p: any) => p.name === 'Storefront')
    expect(parent.preview_branch_refs).toHaveLength(1)
    const branch = await platform.request(`/platform/projects/${parent.preview_branch_refs[0]}`, { token })
    expect(branch.body.parent_project_ref).toBe(parent.ref)
  })

  it('gives the main project a small app: tables with rows, policies, a function, an Edge Function and project users', async () => {
    const { body: projects } = await platform.request('/platform/projects', { token })
    const { ref } = projects.find((p: any) => p.name === 'Hobby app')
    const users = await platform.request(`/platform/auth/${ref}/users`, { token })
    expect(users.body.total).toBe(5)
    const { body: keys } = await platform.request(`/platform/projects/${ref}/api-keys`, { token })
    const key = (name: string) => keys.find((k: any) => k.name === name).api_key
    const rest = async (path: string, apikey: string) => {
      const res = await fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, { headers: { apikey }, method: path.startsWith('rpc/') ? 'POST' : 'GET', body: path.startsWith('rpc/') ? '{"order_id":1}' : undefined })
      return { status: res.status, body: await res.json() }
    }
    // Anyone reads the products; orders are the shoppers' own, so anon sees none; the service key sees all.
    expect((await rest('products?select=name&order=id&limit=2', key('anon'))).body).toEqual([{ name: 'Espresso beans' }, { name: 'Pour-over kettle' }])
    expect((await rest('orders?select=id', key('anon'))).body).toEqual([])
    const orders = await rest('orders?select=status,order_items(quantity,products(name))&order=id', key('service_role'))
    expect(orders.body).toHaveLength(6)
    expect(orders.body[0]).toEqual({ status: 'shipped', order_items: [{ quantity: 2, products: { name: 'Espresso beans' } }, { quantity: 1, products: { name: 'Paper filters' } }] })
    expect((await rest('rpc/order_total', key('service_role'))).body).toBe(2 * 2400 + 650)
    // Its Edge Function answers through the project's REST API, as its caller.
    const fn = await fetch(`${platform.projectUrl(ref)}/functions/v1/products-in-stock`, { headers: { Authorization: `Bearer ${key('anon')}` } })
    const listed = await fn.json()
    expect([fn.status, Array.isArray(listed) && listed.length > 0]).toEqual([200, true])
    expect(listed.every((p: { name: string; price_cents: number }) => typeof p.name === 'string' && typeof p.price_cents === 'number')).toBe(true)
  })

  it('sets a new password on a second run instead of seeding twice', async () => {
    const { getStore } = await import('@/server/db/store')
    const { seedDemo } = await import('@/server/seed/demo')
    const again = await seedDemo(await getStore(), { password: 'an explicitly requested password 42!' })
    expect(again.created).toBe(false)
    const { body: orgs } = await platform.request('/platform/organizations', { token })
    expect(orgs).toHaveLength(9)
    const res = await fetch(`${platform.gotrueUrl}/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'an explicitly requested password 42!' }),
    })
    expect(res.status).toBe(200)
  })
})
