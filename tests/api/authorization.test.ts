import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ALL_ENDPOINTS, AUTH_ENDPOINTS, AUTH_ROUTES, PLATFORM_ENDPOINTS, PLATFORM_ROUTES } from './helpers/all-endpoints'
import { EXPECTED_ACCESS } from './helpers/expected-access'
import {
  buildWorld,
  endpointKey,
  expectedStatus,
  fillPath,
  send,
  type Actor,
  type Endpoint,
  type World,
} from './helpers/endpoints'
import { startTestPlatform, type TestPlatform, type TestResponse } from './helpers/platform'

/** The endpoints a signed-out visitor may call (everything else answers 401). */
const PUBLIC_PLATFORM = [
  'POST /platform/profile/password-check',
  'GET /platform/telemetry/consent-categories',
  'POST /platform/feedback/send',
  'POST /platform/telemetry/event',
]
const PUBLIC_AUTH = ['GET /settings', 'GET /health', 'POST /signup', 'POST /token', 'POST /recover']

const WALK_TIMEOUT = 120_000

/**
 * Issue 3: walks every endpoint as anonymous, as a member of another organization, as Read-only,
 * Developer, Admin and Owner of organization A, and asserts no cross-tenant read or write.
 */
describe('authorization: every endpoint, every kind of caller', () => {
  let platform: TestPlatform
  let w: World
  let baseline: Awaited<ReturnType<typeof snapshotA>>

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    w = await buildWorld(platform)
    baseline = await snapshotA()
  }, WALK_TIMEOUT)
  afterAll(async () => platform?.close())

  /** A's rows the other callers must not change; `except` leaves out rows those users own themselves. */
  async function snapshotA(except: string[] = []) {
    const q = async (sql: string, params: unknown[] = [w.orgA.id]) => (await w.db.query(sql, params as never[])).rows
    const memberEmails = Object.values(w.users).map((u) => u.email.toLowerCase())
    return {
      organization: await q(
        'select slug, name, plan_id, billing_email, organization_requires_mfa, restriction_status from platform.organizations where id = $1'
      ),
      members: await q('select user_id, role from platform.members where organization_id = $1 order by user_id'),
      projects: await q('select ref, name, status, parent_project_ref from platform.projects where organization_id = $1 order by ref'),
      customer: await q('select name, address_line1, address_country from platform.billing_customers where organization_id = $1'),
      taxIds: await q('select id, type, value, country from platform.tax_ids where organization_id = $1 order by id'),
      paymentMethods: await q('select id, brand, last4, is_default from platform.payment_methods where organization_id = $1 order by id'),
      invoices: await q('select id, number, status, total, amount_due from platform.invoices where organization_id = $1 order by id'),
      // Invitations the walk itself addresses to members of A (for the /join calls) are left out.
      invitations: await q(
        `select id, email, role, accepted_at from platform.org_invitations
          where organization_id = $1 and not (lower(email) = any($2::text[])) order by id`,
        [w.orgA.id, memberEmails]
      ),
      snippets: await q(
        `select s.id, s.owner_id, s.name, s.content, s.favorite from platform.snippets s
           join platform.projects p on p.id = s.project_id
          where p.organization_id = $1 and not (s.owner_id = any($2::uuid[])) order by s.id`,
        [w.orgA.id, except]
      ),
      auditEntries: await q('select count(*)::int as n from platform.audit_logs where organization_id = $1'),
      ownerFactors: await q('select id, status from platform.mfa_factors where user_id = $1 order by id', [w.users.owner.id]),
    }
  }

  /** Calls every endpoint as `actor`; returns what went other than the table says. */
  async function walk(actor: Actor, endpoints: Endpoint[] = ALL_ENDPOINTS): Promise<string[]> {
    const problems: string[] = []
    for (const ep of endpoints) {
      const label = `${actor} ${ep.method} ${ep.pattern}${ep.query ?? ''}`
      const call = await ep.prepare(w, actor)
      const res = await send(w, ep, actor, call)
      const want = expectedStatus(ep, actor)
      if (res.status !== want) {
        problems.push(`${label}: ${res.status}, expected ${want}: ${JSON.stringify(res.body)?.slice(0, 300)}`)
        continue
      }
      if (res.status >= 400 && typeof res.body?.message !== 'string') problems.push(`${label}: ${res.status} without a message`)
      if (actor === 'anonymous' || actor === 'crossTenant') problems.push(...leaks(label, res, fillPath(ep, call.params) + JSON.stringify(call.body ?? '')))
      if (ep.check && res.status < 400) {
        try {
          await ep.check(res, w, actor)
        } catch (error) {
          problems.push(`${label}: ${(error as Error).message}`)
        }
      }
    }
    return problems
  }

  /** Strings of A in an answer to someone outside A (other than what they sent themselves). */
  function leaks(label: string, res: TestResponse, sent: string): string[] {
    const text = JSON.stringify(res.body ?? '')
    return w.secretsOfA.filter((s) => text.includes(s) && !sent.includes(s)).map((s) => `${label}: the answer holds A's "${s}"`)
  }

  it('every route declares the access its expectation names, and every expectation has a route', () => {
    const declared = Object.fromEntries([
      ...PLATFORM_ROUTES.map((r) => [`${r.method} ${r.path}`, r.role]),
      ...AUTH_ROUTES.map((r) => [`${r.method} /auth/v1${r.path}`, r.role]),
    ])
    const missing = Object.keys(declared).filter((key) => !(key in EXPECTED_ACCESS))
    expect(missing, 'declarations without an entry in tests/api/helpers/expected-access.ts').toEqual([])
    expect(Object.keys(EXPECTED_ACCESS).filter((key) => !(key in declared)), 'expectations without a route').toEqual([])
    for (const [key, role] of Object.entries(EXPECTED_ACCESS)) expect(declared[key], key).toBe(role)
  })

  it('the endpoint table covers every route and nothing else', () => {
    const platformRoutes = PLATFORM_ROUTES.map((r) => endpointKey({ method: r.method, pattern: r.path }))
    const authRoutes = AUTH_ROUTES.map((r) => endpointKey({ method: r.method, pattern: r.path }))
    const described = new Set(PLATFORM_ENDPOINTS.map(endpointKey))
    const describedAuth = new Set(AUTH_ENDPOINTS.map(endpointKey))
    expect(platformRoutes.filter((r) => !described.has(r)), 'routes without an entry in tests/api/helpers/endpoints.ts').toEqual([])
    expect([...described].filter((r) => !platformRoutes.includes(r)), 'entries without a route').toEqual([])
    expect(authRoutes.filter((r) => !describedAuth.has(r)), 'auth routes without an entry').toEqual([])
    expect([...describedAuth].filter((r) => !authRoutes.includes(r)), 'auth entries without a route').toEqual([])
    const publicOnes = (eps: Endpoint[]) => [...new Set(eps.filter((e) => e.scope === 'public').map(endpointKey))].sort()
    expect(publicOnes(PLATFORM_ENDPOINTS)).toEqual([...PUBLIC_PLATFORM].sort())
    expect(publicOnes(AUTH_ENDPOINTS)).toEqual([...PUBLIC_AUTH].sort())
    for (const ep of ALL_ENDPOINTS) {
      if (ep.scope === 'org' || ep.scope === 'project') expect(ep.minRole, endpointKey(ep)).toBeDefined()
    }
    // The only writes a Read-only member may make in A: leaving it, their own snippets, and GraphQL
    // requests (whose mutations are refused to them).
    const readOnlyWrites = ALL_ENDPOINTS.filter((e) => e.mode === 'write' && e.scope !== 'user' && e.scope !== 'public' && e.minRole === 'Read-only')
    expect(readOnlyWrites.map(endpointKey).sort()).toEqual([
      'DELETE /platform/organizations/:slug/members/:userId',
      'DELETE /platform/projects/:ref/snippets/:id',
      'PATCH /platform/projects/:ref/snippets/:id',
      'POST /platform/projects/:ref/api/graphql',
      'POST /platform/projects/:ref/snippets',
    ])
  })

  it(
    'anonymous callers get 401 everywhere but the public endpoints, and nothing of A',
    async () => {
      expect(await walk('anonymous')).toEqual([])
      expect(await snapshotA()).toEqual(baseline)
    },
    WALK_TIMEOUT
  )

  it(
    'a member of organization B only gets 404 for all of A, never data of A, and changes nothing',
    async () => {
      expect(await walk('crossTenant')).toEqual([])
      expect(await snapshotA()).toEqual(baseline)
    },
    WALK_TIMEOUT
  )

  it(
    "a member of B cannot reach A's rows through B's own organization or project either",
    async () => {
      const problems: string[] = []
      for (const ep of PLATFORM_ENDPOINTS) {
        const others = [...ep.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((k) => k !== 'slug' && k !== 'ref')
        if (others.length === 0) continue
        const call = await ep.prepare(w, 'crossTenant')
        const params = { ...call.params }
        if (params.slug) params.slug = w.orgB.slug
        if (params.ref) params.ref = w.projectB
        if (params.token) params.token = w.invitationA.token // A's real token, presented on B
        const res = await send(w, ep, 'crossTenant', { ...call, params })
        if (res.status !== 404) problems.push(`${ep.method} ${fillPath(ep, params)}: ${res.status} ${JSON.stringify(res.body)}`)
        problems.push(...leaks(`${ep.method} ${ep.pattern} via B`, res, fillPath(ep, params)))
      }
      expect(problems).toEqual([])
      expect(await snapshotA()).toEqual(baseline)
    },
    WALK_TIMEOUT
  )

  it(
    'Read-only members read what their role allows and every write to A is refused',
    async () => {
      expect(await walk('readOnly')).toEqual([])
      // Their own snippets are theirs to keep; nothing else of A changed.
      expect(await snapshotA([w.users.readOnly.id])).toEqual(await withoutSnippetsOf([w.users.readOnly.id]))
    },
    WALK_TIMEOUT
  )

  /** The baseline with the given users' snippets left out. */
  async function withoutSnippetsOf(userIds: string[]) {
    return { ...baseline, snippets: baseline.snippets.filter((s) => !userIds.includes((s as { owner_id: string }).owner_id)) }
  }

  it('Developers work in projects but change nothing of the organization', async () => expect(await walk('developer')).toEqual([]), WALK_TIMEOUT)

  // The restarts and branches the walks started finish in the background (each opens a PGlite
  // database in its worker, a second or so with its contrib extensions): let them settle before a
  // snapshot that must not change.
  const settled = () =>
    vi.waitFor(
      async () => {
        const busy = await w.db.query(
          `select ref, status from platform.projects where organization_id = $1 and status in ('COMING_UP', 'RESTORING', 'RESTARTING', 'PAUSING')`,
          [w.orgA.id]
        )
        expect(busy.rows).toEqual([])
      },
      { timeout: 30_000, interval: 250 }
    )

  it('Admins manage the organization, its billing and projects, short of Owner-only calls', async () => expect(await walk('admin')).toEqual([]), WALK_TIMEOUT)

  it('Owners may call everything', async () => expect(await walk('owner')).toEqual([]), WALK_TIMEOUT)

  it('Admins stop short of what only Owners do; any member may leave, the last Owner may not', async () => {
    const org = (rest = '') => `/platform/organizations/${w.orgA.slug}${rest}`
    const admin = w.users.admin.token
    await settled()
    const before = await snapshotA()
    const refused: [string, string, unknown][] = [
      ['POST', '/members/invitations', { email: `${w.unique('owner-invitee')}@walk.test`, role: 'Owner' }],
      ['PATCH', `/members/${w.users.owner.id}`, { role: 'Developer' }],
      ['PATCH', `/members/${w.users.developer.id}`, { role: 'Owner' }],
      ['DELETE', `/members/${w.users.owner.id}`, undefined],
      ['PATCH', '', { organization_requires_mfa: true }],
    ]
    for (const [method, rest, body] of refused) {
      const res = await platform.request(org(rest), { method, token: admin, body })
      expect(res.status, `${method} ${rest}`).toBe(403)
      expect(res.body.message, `${method} ${rest}`).toMatch(/Owner/)
    }
    expect(await snapshotA()).toEqual(before)

    const leaver = await platform.createUser(`${w.unique('leaver')}@walk.example.com`)
    await w.db.query(`insert into platform.members (organization_id, user_id, role) values ($1, $2, 'Read-only')`, [w.orgA.id, leaver.id])
    expect((await platform.request(org(`/members/${leaver.id}`), { method: 'DELETE', token: leaver.token })).status).toBe(204)
    expect((await platform.request(org(), { token: leaver.token })).status).toBe(404)
    const lastOwner = await platform.request(org(`/members/${w.users.owner.id}`), { method: 'DELETE', token: w.users.owner.token })
    expect(lastOwner.status).toBe(409)
    expect(await snapshotA()).toMatchObject({ members: before.members })
  })

  it('a forged or signed-out token counts as no sign-in', async () => {
    const signedOut = await w.freshToken(w.users.owner.id)
    const out = await platform.request('/auth/v1/logout?scope=local', { token: signedOut, body: {} })
    expect(out.status).toBe(204)
    const [header, payload] = w.users.owner.token.split('.')
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`
    await settled()
    const before = await snapshotA()
    const problems: string[] = []
    for (const token of [forged, signedOut]) {
      for (const ep of ALL_ENDPOINTS.filter((e) => e.scope !== 'public')) {
        const call = await ep.prepare(w, 'anonymous')
        const res = await send(w, ep, 'anonymous', { ...call, token })
        // GoTrue answers a bad or signed-out JWT with 403 (bad_jwt, session_not_found); the platform with 401.
        const want = ep.service === 'auth' ? 403 : 401
        if (res.status !== want) problems.push(`${ep.method} ${ep.pattern}: ${res.status}, expected ${want}`)
      }
    }
    expect(problems).toEqual([])
    expect(await snapshotA()).toEqual(before)
  })

  it("nobody reaches another member's snippets, and outsiders' SQL never ran on A's database", async () => {
    const own = `/platform/projects/${w.projectA}/snippets/${w.snippetA.id}`
    for (const who of ['developer', 'admin', 'readOnly'] as const) {
      const token = w.users[who].token
      expect((await platform.request(own, { token })).status, who).toBe(404)
      expect((await platform.request(own, { method: 'PATCH', token, body: { name: 'stolen' } })).status, who).toBe(404)
      expect((await platform.request(own, { method: 'DELETE', token })).status, who).toBe(404)
    }
    expect((await platform.request(own, { token: w.users.owner.token })).body).toMatchObject({ name: w.snippetA.name, sql: 'select 42' })

    const sql = (token: string, query: string) =>
      platform.request(`/platform/pg-meta/${w.projectA}/query`, { token, headers: { 'x-connection-encrypted': 'walk' }, body: { query } })
    const readOnlyWrite = await sql(w.users.readOnly.token, 'create table readonly_wrote (id int)')
    expect(readOnlyWrite.status).toBe(400)
    expect(readOnlyWrite.body.message).toMatch(/read-only/i)
    const tables = await sql(w.users.owner.token, "select to_regclass('public.hijacked') as hijacked, to_regclass('public.readonly_wrote') as ro")
    expect(tables.status).toBe(200)
    expect(tables.body.rows).toEqual([{ hijacked: null, ro: null }])
  })

  it('an invitation token sent to someone else lets a member of B see the invitation but not accept it', async () => {
    const path = `/platform/organizations/${w.orgA.slug}/members/invitations/${w.invitationA.token}`
    const seen = await platform.request(path, { token: w.users.crossTenant.token })
    // The token is the capability the /join page works from: its holder sees whom it invites.
    expect(seen.status).toBe(200)
    expect(seen.body).toMatchObject({ email_match: false, already_member: false })
    const accepted = await platform.request(path, { token: w.users.crossTenant.token, body: {} })
    expect(accepted.status).toBe(403)
    expect(accepted.body.message).toMatch(/another e-mail address/)
    const { rows } = await w.db.query('select 1 from platform.members where organization_id = $1 and user_id = $2', [
      w.orgA.id,
      w.users.crossTenant.id,
    ])
    expect(rows).toEqual([])
  })
})
