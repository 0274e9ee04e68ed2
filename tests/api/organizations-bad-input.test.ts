import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

/** Every write endpoint of organizations and billing, fed malformed input: 4xx with a message, nothing written. */
describe('organizations and billing: bad input on every write endpoint', () => {
  let platform: TestPlatform
  let db: Db
  let token: string
  let slug: string
  let memberId: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
    const owner = await platform.createUser()
    token = owner.token
    const org = await platform.request('/platform/organizations', { token, body: { name: 'Bad Input', plan: 'team' } })
    slug = org.body.slug
    const member = await platform.createUser()
    memberId = member.id
    await db.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Developer')`, [org.body.id, member.id])
  })
  afterAll(async () => platform?.close())

  const TABLES = ['organizations', 'members', 'org_invitations', 'billing_customers', 'tax_ids', 'payment_methods', 'invoices', 'audit_logs']
  const snapshot = async () => {
    const counts: Record<string, number> = {}
    for (const t of TABLES) counts[t] = (await db.query<{ n: number }>(`select count(*)::int as n from platform.${t}`)).rows[0].n
    const org = await db.query('select name, plan_id, billing_email, organization_requires_mfa from platform.organizations order by id')
    return { counts, org: org.rows }
  }

  const endpoints = (): [string, string][] => [
    ['POST', '/platform/organizations'],
    ['PATCH', `/platform/organizations/${slug}`],
    ['PATCH', `/platform/organizations/${slug}/members/${memberId}`],
    ['PATCH', `/platform/organizations/${slug}/members/mfa/enforcement`],
    ['POST', `/platform/organizations/${slug}/members/invitations`],
    ['PUT', `/platform/organizations/${slug}/customer`],
    ['PATCH', `/platform/organizations/${slug}/customer`],
    ['POST', `/platform/organizations/${slug}/tax-ids`],
    ['POST', `/platform/organizations/${slug}/payment-methods`],
    ['PUT', `/platform/organizations/${slug}/billing/subscription`],
    ['POST', `/platform/organizations/${slug}/billing/subscription/preview`],
  ]

  const BAD: { label: string; rawBody: string }[] = [
    { label: 'malformed JSON', rawBody: '{"name": ' },
    { label: 'an array', rawBody: '[1, 2]' },
    { label: 'a string', rawBody: '"hello"' },
    { label: 'wrong types', rawBody: '{"name": 1, "role": 2, "email": true, "plan_id": [], "enforced": "yes", "address": 3, "type": {}, "brand": null}' },
    { label: 'an unknown field', rawBody: '{"definitely_unknown": 1}' },
    { label: 'NUL characters', rawBody: '{"name": "a\\u0000b", "address": {"line1": "a\\u0000", "country": "DE"}}' },
  ]

  it('answers 4xx with a message and changes nothing', async () => {
    const before = await snapshot()
    for (const [method, path] of endpoints()) {
      for (const bad of BAD) {
        const res = await platform.request(path, { method, token, rawBody: bad.rawBody, headers: { 'Content-Type': 'application/json' } })
        expect(res.status, `${method} ${path} with ${bad.label}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400)
        expect(res.status, `${method} ${path} with ${bad.label}`).toBeLessThan(500)
        expect(typeof res.body.message, `${method} ${path} with ${bad.label}`).toBe('string')
      }
      const huge = await platform.request(path, { method, token, rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }), headers: { 'Content-Type': 'application/json' } })
      expect(huge.status, `${method} ${path} oversized`).toBe(413)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('answers 400 to path parameters that name nothing', async () => {
    for (const path of [
      `/platform/organizations/${slug}/tax-ids/abc`,
      `/platform/organizations/${slug}/payment-methods/-1`,
      `/platform/organizations/${slug}/members/invitations/0`,
      `/platform/organizations/${slug}/members/not-a-uuid`,
      `/platform/organizations/${slug}/billing/invoices/99999999999999999999`,
    ]) {
      const res = await platform.request(path, { method: path.includes('invoices') ? 'GET' : 'DELETE', token })
      expect(res.status, path).toBe(400)
    }
  })
})
