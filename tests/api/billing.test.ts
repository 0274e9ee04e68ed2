import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '@/server/db/types'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type User = { id: string; email: string; token: string }
type Org = { id: number; slug: string }

const GIB = 1_073_741_824
const MIB = 1_048_576

describe('billing API', () => {
  let platform: TestPlatform
  let db: Db
  let owner: User, dev: User, stranger: User
  let org: Org

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const { getStore } = await import('@/server/db/store')
    db = await getStore()
    ;[owner, dev, stranger] = await Promise.all([1, 2, 3].map(() => platform.createUser()))
    org = await createOrg(owner, 'Billing Org', 'pro')
    await addMember(org, dev, 'Developer')
  })
  afterAll(async () => platform?.close())

  async function createOrg(user: User, name: string, plan = 'free'): Promise<Org> {
    const res = await platform.request('/platform/organizations', { token: user.token, body: { name, plan } })
    expect(res.status).toBe(201)
    return res.body
  }
  const addMember = (o: Org, user: User, role: string) =>
    db.query('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [o.id, user.id, role])
  const count = async (table: string, o: Org) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from platform.${table} where organization_id = $1`, [o.id])).rows[0].n
  const url = (o: Org, rest: string) => `/platform/organizations/${o.slug}/${rest}`

  describe('billing customer', () => {
    it('starts empty, is for Owners and Admins only', async () => {
      const res = await platform.request(url(org, 'customer'), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ address: null, email: owner.email, name: null })
      const asDev = await platform.request(url(org, 'customer'), { token: dev.token })
      expect(asDev.status).toBe(403)
      expect((await platform.request(url(org, 'customer'), { token: stranger.token })).status).toBe(404)
    })

    it('saves a validated address, e-mail and name (the e-mail is the organization billing e-mail)', async () => {
      const res = await platform.request(url(org, 'customer'), {
        method: 'PUT',
        token: owner.token,
        body: { address: { line1: ' 1 Main St ', city: 'Berlin', postal_code: '10115', country: 'de' }, email: 'ap@billing.test', name: 'Billing GmbH' },
      })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        address: { line1: '1 Main St', line2: null, city: 'Berlin', postal_code: '10115', state: null, country: 'DE' },
        email: 'ap@billing.test',
        name: 'Billing GmbH',
      })
      const orgRes = await platform.request(`/platform/organizations/${org.slug}`, { token: owner.token })
      expect(orgRes.body.billing_email).toBe('ap@billing.test')
      const patch = await platform.request(url(org, 'customer'), { method: 'PATCH', token: owner.token, body: { name: 'Renamed GmbH' } })
      expect(patch.body.address.line1).toBe('1 Main St')
      expect(patch.body.name).toBe('Renamed GmbH')
    })

    it('rejects bad customers with 400 and leaves the stored one untouched', async () => {
      const cases: [unknown, RegExp][] = [
        [{ address: { line1: 'x', country: 'XX' } }, /address.country: must be an ISO 3166-1 two-letter country code/],
        [{ address: { line1: 'x', country: 'Germany' } }, /address.country/],
        [{ address: { city: 'Berlin', country: 'DE' } }, /address.line1/],
        [{ address: { line1: '', country: 'DE' } }, /address.line1: must not be empty/],
        [{ address: { line1: 'x', country: 'DE', zip: '1' } }, /unknown field "zip"/],
        [{ phone: '123' }, /unknown field "phone"/],
        [{ email: 'nope' }, /email: must be an e-mail address/],
        [{}, /give at least one of address, email, name/],
      ]
      for (const [body, message] of cases) {
        const res = await platform.request(url(org, 'customer'), { method: 'PUT', token: owner.token, body })
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.message).toMatch(message)
      }
      const after = await platform.request(url(org, 'customer'), { token: owner.token })
      expect(after.body).toMatchObject({ address: { line1: '1 Main St', country: 'DE' }, email: 'ap@billing.test', name: 'Renamed GmbH' })
    })

    it('removes the address with address: null', async () => {
      const res = await platform.request(url(org, 'customer'), { method: 'PATCH', token: owner.token, body: { address: null } })
      expect(res.status).toBe(200)
      expect(res.body.address).toBeNull()
      const audits = await db.query<{ n: number }>(
        `select count(*)::int as n from platform.audit_logs where organization_id = $1 and action = 'billing.customer_updated'`,
        [org.id]
      )
      expect(audits.rows[0].n).toBe(3)
    })
  })

  describe('tax ids', () => {
    it('normalises and stores valid ids, with the country the type implies', async () => {
      const eu = await platform.request(url(org, 'tax-ids'), { token: owner.token, body: { type: 'eu_vat', value: 'de 123 456 789' } })
      expect(eu.status).toBe(201)
      expect(eu.body).toMatchObject({ type: 'eu_vat', value: 'DE123456789', country: 'DE' })
      const greek = await platform.request(url(org, 'tax-ids'), { token: owner.token, body: { type: 'eu_vat', value: 'EL123456789', country: 'gr' } })
      expect(greek.body.country).toBe('GR')
      const ein = await platform.request(url(org, 'tax-ids'), { token: owner.token, body: { type: 'us_ein', value: '123456789' } })
      expect(ein.body).toMatchObject({ value: '12-3456789', country: 'US' })
      const list = await platform.request(url(org, 'tax-ids'), { token: owner.token })
      expect(list.body.map((t: { value: string }) => t.value)).toEqual(['DE123456789', 'EL123456789', '12-3456789'])
      expect((await platform.request(url(org, 'tax-ids'), { token: dev.token })).status).toBe(403)
    })

    it('rejects malformed, mismatched, unknown and duplicate ids and writes nothing', async () => {
      const before = await count('tax_ids', org)
      const cases: [unknown, number, RegExp][] = [
        [{ type: 'au_abn', value: '1234' }, 400, /value is not a valid Australian Business Number \(au_abn\), e.g. 12345678912/],
        [{ type: 'gb_vat', value: 'GB123456789', country: 'FR' }, 400, /country FR does not match this UK VAT number, which belongs to GB/],
        [{ type: 'eu_vat', value: 'US123456789' }, 400, /not a valid EU VAT number/],
        [{ type: 'xx_tax', value: '1' }, 400, /type: must be one of eu_vat/],
        [{ type: 'us_ein', value: '12-3456789', country: 'ZZ' }, 400, /country: must be an ISO 3166-1/],
        [{ type: 'us_ein', value: '12-3456789', note: 'x' }, 400, /unknown field "note"/],
        [{ type: 'eu_vat', value: 'DE123456789' }, 409, /already has the eu_vat DE123456789/],
      ]
      for (const [body, status, message] of cases) {
        const res = await platform.request(url(org, 'tax-ids'), { token: owner.token, body })
        expect(res.status, JSON.stringify(body)).toBe(status)
        expect(res.body.message).toMatch(message)
      }
      expect(await count('tax_ids', org)).toBe(before)
    })

    it('deletes a tax id once; other organizations cannot', async () => {
      const list = await platform.request(url(org, 'tax-ids'), { token: owner.token })
      const id = list.body[0].id
      const theirs = await createOrg(stranger, 'Stranger Billing', 'pro')
      expect((await platform.request(url(theirs, `tax-ids/${id}`), { method: 'DELETE', token: stranger.token })).status).toBe(404)
      expect((await platform.request(url(org, `tax-ids/${id}`), { method: 'DELETE', token: owner.token })).status).toBe(204)
      expect((await platform.request(url(org, `tax-ids/${id}`), { method: 'DELETE', token: owner.token })).status).toBe(404)
      expect(await count('tax_ids', org)).toBe(2)
    })
  })

  describe('payment methods (stored records)', () => {
    const nextYear = new Date().getUTCFullYear() + 1
    it('records cards, says they are records only, keeps one default', async () => {
      const first = await platform.request(url(org, 'payment-methods'), {
        token: owner.token,
        body: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: nextYear },
      })
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ brand: 'visa', last4: '4242', is_default: true, type: 'card' })
      expect(first.body.note).toMatch(/stored records only/)
      const second = await platform.request(url(org, 'payment-methods'), {
        token: owner.token,
        body: { brand: 'mastercard', last4: '0005', exp_month: 1, exp_year: nextYear + 2 },
      })
      expect(second.body.is_default).toBe(false)
      const third = await platform.request(url(org, 'payment-methods'), {
        token: owner.token,
        body: { brand: 'amex', last4: '0001', exp_month: 6, exp_year: nextYear, is_default: true },
      })
      expect(third.body.is_default).toBe(true)
      const list = await platform.request(url(org, 'payment-methods'), { token: owner.token })
      expect(list.status).toBe(200)
      expect(list.body.defaultPaymentMethodId).toBe(third.body.id)
      expect(list.body.data.filter((m: { is_default: boolean }) => m.is_default)).toHaveLength(1)
      expect(list.body.note).toMatch(/processes no payment/)

      const setDefault = await platform.request(url(org, `payment-methods/${second.body.id}`), { method: 'PATCH', token: owner.token, body: { is_default: true } })
      expect(setDefault.body.is_default).toBe(true)
      const removed = await platform.request(url(org, `payment-methods/${second.body.id}`), { method: 'DELETE', token: owner.token })
      expect(removed.status).toBe(204)
      const after = await platform.request(url(org, 'payment-methods'), { token: owner.token })
      // The newest remaining card takes over as default.
      expect(after.body.defaultPaymentMethodId).toBe(third.body.id)
      expect(after.body.data).toHaveLength(2)
      const sub = await platform.request(url(org, 'billing/subscription'), { token: owner.token })
      expect(sub.body.default_payment_method_id).toBe(third.body.id)
    })

    it('rejects bad cards (last4, expiry, unknown fields) and writes nothing', async () => {
      const before = await count('payment_methods', org)
      const now = new Date()
      const lastMonth = now.getUTCMonth() === 0 ? { m: 12, y: now.getUTCFullYear() - 1 } : { m: now.getUTCMonth(), y: now.getUTCFullYear() }
      const cases: [unknown, RegExp][] = [
        [{ brand: 'visa', last4: '42a2', exp_month: 1, exp_year: nextYear }, /last4: must be exactly 4 digits/],
        [{ brand: 'visa', last4: '42424', exp_month: 1, exp_year: nextYear }, /last4: must be exactly 4 digits/],
        [{ brand: 'visa', last4: '4242', exp_month: lastMonth.m, exp_year: lastMonth.y }, /This card expired at the end of/],
        [{ brand: 'visa', last4: '4242', exp_month: 13, exp_year: nextYear }, /exp_month: must be 1 to 12/],
        [{ brand: 'visa', last4: '4242', exp_month: '1', exp_year: nextYear }, /exp_month: must be a number/],
        [{ brand: 'visa', last4: '4242', exp_month: 1, exp_year: nextYear, number: '4242424242424242' }, /unknown field "number"/],
        [{ brand: 'bitcoin', last4: '4242', exp_month: 1, exp_year: nextYear }, /brand: must be one of visa/],
      ]
      for (const [body, message] of cases) {
        const res = await platform.request(url(org, 'payment-methods'), { token: owner.token, body })
        expect(res.status, JSON.stringify(body)).toBe(400)
        expect(res.body.message).toMatch(message)
      }
      const notTrue = await platform.request(url(org, 'payment-methods/1'), { method: 'PATCH', token: owner.token, body: { is_default: false } })
      expect(notTrue.status).toBe(400)
      expect(await count('payment_methods', org)).toBe(before)
      expect((await platform.request(url(org, 'payment-methods'), { token: dev.token })).status).toBe(403)
    })
  })

  describe('invoices', () => {
    let invoiceIds: number[] = []
    beforeAll(async () => {
      const { insertInvoice } = await import('@/server/billing/invoices')
      const day = 86_400_000
      invoiceIds = []
      for (let i = 0; i < 5; i++) {
        invoiceIds.push(
          await insertInvoice(db, {
            organizationId: org.id,
            status: 'paid',
            lines: [{ description: 'Pro plan', amount: 2500 }],
            periodStart: new Date(Date.now() - (i + 1) * 30 * day),
            periodEnd: new Date(Date.now() - i * 30 * day),
            createdAt: new Date(Date.now() - i * 30 * day),
          })
        )
      }
    })

    it('lists newest first with offset and limit, counts them (GET, HEAD and /count)', async () => {
      const page = await platform.request(url(org, 'billing/invoices?offset=1&limit=2'), { token: owner.token })
      expect(page.status).toBe(200)
      expect(page.body.map((i: { id: number }) => i.id)).toEqual([invoiceIds[1], invoiceIds[2]])
      expect(page.body[0]).toMatchObject({ status: 'paid', amount_due: 2500, amount_paid: 2500, currency: 'usd', overdue: false })
      expect(page.body[0].number).toMatch(/^INV-\d{6}$/)
      expect(page.headers.get('x-total-count')).toBe('5')
      const head = await platform.request(url(org, 'billing/invoices'), { method: 'HEAD', token: owner.token })
      expect(head.status).toBe(200)
      expect(head.headers.get('x-total-count')).toBe('5')
      expect(head.body).toBeUndefined()
      const countRes = await platform.request(url(org, 'billing/invoices/count'), { token: owner.token })
      expect(countRes.body).toEqual({ count: 5 })
      const bad = await platform.request(url(org, 'billing/invoices?limit=500'), { token: owner.token })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toMatch(/limit: must be 1 to 100/)
      expect((await platform.request(url(org, 'billing/invoices'), { token: dev.token })).status).toBe(403)
    })

    it('returns one invoice, 404 for another organization\'s', async () => {
      const one = await platform.request(url(org, `billing/invoices/${invoiceIds[0]}`), { token: owner.token })
      expect(one.status).toBe(200)
      expect(one.body.lines).toEqual([{ description: 'Pro plan', amount: 2500 }])
      const mine = await createOrg(owner, 'Other Billing', 'pro')
      expect((await platform.request(url(mine, `billing/invoices/${invoiceIds[0]}`), { token: owner.token })).status).toBe(404)
      expect((await platform.request(url(org, 'billing/invoices/abc'), { token: owner.token })).status).toBe(400)
    })

    it('previews the upcoming invoice from plan price, compute and the measured usage over quota, never a seeded figure', async () => {
      const { rows } = await db.query<{ id: number }>(
        `insert into platform.projects (ref, name, organization_id, region, status, compute_size) values ('billref0000001', 'p', $1, 'ap-southeast-1', 'ACTIVE_HEALTHY', 'micro') returning id`,
        [org.id]
      )
      await meterEgress(org, rows[0].id, 300 * GIB)
      // A figure the demo seed stored is shown apart and never billed (issue 26).
      const { setUsage } = await import('@/server/billing/usage')
      await setUsage(db, org.id, 'MONTHLY_ACTIVE_USERS', 200_000)
      const res = await platform.request(url(org, 'billing/invoices/upcoming'), { token: owner.token })
      expect(res.status).toBe(200)
      const byDescription = Object.fromEntries(res.body.lines.map((l: { description: string; amount: number }) => [l.description, l.amount]))
      expect(byDescription['Pro plan']).toBe(2500)
      expect(byDescription['Egress over quota']).toBe(450) // 50 GB at $0.09
      expect(byDescription['Compute Micro (1 project)']).toBe(981) // 730 h at $0.01344
      expect(byDescription['Compute credits']).toBe(-981)
      expect(byDescription['Monthly active users over quota']).toBeUndefined()
      expect(res.body.total).toBe(2950)
      expect(Date.parse(res.body.period_end)).toBeGreaterThan(Date.now())
    })
  })

  /** Egress as the project API's meter records it, in the organization's current period. */
  async function meterEgress(of: Org, projectId: number, bytes: number) {
    const period = (await platform.request(url(of, 'usage'), { token: owner.token })).body.period_start as string
    await db.query(
      `insert into platform.project_egress (project_id, period_start, bytes) values ($1, $2, $3)
       on conflict (project_id, period_start) do update set bytes = excluded.bytes`,
      [projectId, period, bytes]
    )
  }

  describe('usage', () => {
    it('reports each metric against the plan quota with ratios; Free is capped without pricing; seeded figures come apart', async () => {
      const free = await createOrg(owner, 'Usage Free')
      const { rows } = await db.query<{ id: number }>(
        `insert into platform.projects (ref, name, organization_id, region, status) values ('billfree000001', 'p', $1, 'ap-southeast-1', 'ACTIVE_HEALTHY') returning id`,
        [free.id]
      )
      await meterEgress(free, rows[0].id, 6 * GIB)
      const { setUsage } = await import('@/server/billing/usage')
      await setUsage(db, free.id, 'REALTIME_PEAK_CONNECTIONS', 300)
      const res = await platform.request(url(free, 'usage'), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body.usage_billing_enabled).toBe(false)
      expect(res.body.usages.map((u: { metric: string }) => u.metric)).toEqual([
        'DATABASE_SIZE',
        'EGRESS',
        'CACHED_EGRESS',
        'STORAGE_SIZE',
        'MONTHLY_ACTIVE_USERS',
        'FUNCTION_INVOCATIONS',
        'REALTIME_PEAK_CONNECTIONS',
        'REALTIME_MESSAGE_COUNT',
        'STORAGE_IMAGES_TRANSFORMED',
      ])
      expect(res.body.usages[1]).toMatchObject({ usage: 6 * GIB, quota: 5 * GIB, usage_ratio: 1.2, capped: true, pricing: null, exceeded: true, overage_cost: 0, source: 'measured', seeded_usage: null })
      // The seeded peak is given apart: the measured figure (none) is what counts against the quota.
      expect(res.body.usages[6]).toMatchObject({ usage: 0, quota: 200, usage_ratio: 0, exceeded: false, source: 'demo', seeded_usage: 300 })
      expect(res.body.usages[0]).toMatchObject({ quota: 500 * MIB, capped: true, seeded_usage: null })
    })

    it('prices overage on paid plans, every member may read usage, strangers get 404', async () => {
      const res = await platform.request(url(org, 'usage'), { token: dev.token })
      expect(res.status).toBe(200)
      const egress = res.body.usages.find((u: { metric: string }) => u.metric === 'EGRESS')
      expect(egress).toMatchObject({ quota: 250 * GIB, usage_ratio: 1.2, capped: false, exceeded: true, overage_cost: 450 })
      expect(egress.pricing).toEqual({ price_usd: 0.09, per_units: GIB, unit_label: 'GB' })
      expect((await platform.request(url(org, 'usage'), { token: stranger.token })).status).toBe(404)
      await db.query(`update platform.organizations set plan_id = 'enterprise' where id = $1`, [org.id])
      const ent = await platform.request(url(org, 'usage'), { token: owner.token })
      expect(ent.body.usages[0]).toMatchObject({ quota: null, usage_ratio: null, exceeded: false })
      await db.query(`update platform.organizations set plan_id = 'pro' where id = $1`, [org.id])
    })
  })

  describe('plans and overdue invoices', () => {
    it('lists the plan table with the current plan marked', async () => {
      const res = await platform.request(url(org, 'billing/plans'), { token: dev.token })
      expect(res.status).toBe(200)
      expect(res.body.current_plan_id).toBe('pro')
      expect(res.body.plans.map((p: { planId: string; is_current: boolean }) => [p.planId, p.is_current])).toEqual([
        ['free', false],
        ['pro', true],
        ['team', false],
        ['enterprise', false],
      ])
      expect(res.body.plans[2].roles).toContain('Read-only')
      expect(res.body.plans[0].href).toBe(`/new/${org.slug}?plan=free`)
    })

    it('returns overdue invoices across the caller\'s organizations where they handle billing', async () => {
      const payer = await platform.createUser()
      const a = await createOrg(payer, 'Overdue A', 'pro')
      const b = await createOrg(payer, 'Overdue B', 'team')
      const c = await createOrg(stranger, 'Overdue C', 'pro')
      await addMember(c, payer, 'Developer')
      const d = await createOrg(stranger, 'Overdue D', 'pro')
      const { insertInvoice } = await import('@/server/billing/invoices')
      const day = 86_400_000
      const invoice = (o: Org, status: 'open' | 'paid', dueInDays: number, amount: number) =>
        insertInvoice(db, {
          organizationId: o.id,
          status,
          lines: [{ description: 'Plan', amount }],
          periodStart: new Date(Date.now() - 40 * day),
          periodEnd: new Date(Date.now() - 10 * day),
          dueDate: new Date(Date.now() + dueInDays * day),
        })
      const overdueA = await invoice(a, 'open', -3, 2500)
      const overdueB = await invoice(b, 'open', -10, 59900)
      await invoice(a, 'paid', -20, 2500)
      await invoice(a, 'open', 5, 2500)
      await invoice(c, 'open', -5, 2500)
      await invoice(d, 'open', -5, 2500)
      const res = await platform.request('/platform/stripe/invoices/overdue', { token: payer.token })
      expect(res.status).toBe(200)
      expect(res.body.map((i: { id: number; organization_id: number; amount_due: number }) => [i.id, i.organization_id, i.amount_due])).toEqual([
        [overdueB, b.id, 59900],
        [overdueA, a.id, 2500],
      ])
      expect(res.body[0].number).toMatch(/^INV-/)
      expect(typeof res.body[0].due_date).toBe('string')
      const single = await platform.request(url(a, `billing/invoices/${overdueA}`), { token: payer.token })
      expect(single.body).toMatchObject({ status: 'open', overdue: true })
      expect((await platform.request('/platform/stripe/invoices/overdue')).status).toBe(401)
    })
  })
})
