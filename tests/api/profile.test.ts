import { doPermissionsCheck, type PermissionEntry } from '@/lib/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type Sql = (text: string, params?: unknown[]) => Promise<any[]>

async function sqlFor(): Promise<Sql> {
  const { getStore } = await import('@/server/db/store')
  const db = await getStore()
  return async (text, params = []) => (await db.query(text, params as never[])).rows
}

const V2 = { Version: '2' }

describe('profile (hosted platform)', () => {
  let platform: TestPlatform
  let sql: Sql
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    sql = await sqlFor()
  })
  afterAll(async () => platform?.close())

  it('needs a signed-in caller and the Version: 2 header', async () => {
    const user = await platform.createUser()
    expect((await platform.request('/platform/profile', { headers: V2 })).status).toBe(401)
    const missing = await platform.request('/platform/profile', { token: user.token })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Missing Version header: send "Version: 2" to read the profile')
    const wrong = await platform.request('/platform/profile', { token: user.token, headers: { Version: '1' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.message).toContain('version 2')
  })

  it('answers 404 "User\'s profile not found" until created, then 201, then 409', async () => {
    const user = await platform.createUser('Grace.Hopper+dev@example.com')
    const before = await platform.request('/platform/profile', { token: user.token, headers: V2 })
    expect(before.status).toBe(404)
    expect(before.body).toEqual({ message: "User's profile not found" })

    const created = await platform.request('/platform/profile', { method: 'POST', token: user.token })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      gotrue_id: user.id,
      username: 'grace.hopperdev',
      primary_email: 'Grace.Hopper+dev@example.com',
      first_name: null,
      last_name: null,
      free_project_limit: 2,
    })
    expect(typeof created.body.id).toBe('number')
    expect(created.body).not.toHaveProperty('disabled_features')

    const again = await platform.request('/platform/profile', { method: 'POST', token: user.token })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Your profile already exists')
    const read = await platform.request('/platform/profile', { token: user.token, headers: V2 })
    expect(read.status).toBe(200)
    expect(read.body).toEqual(created.body)
    expect(await sql('select action from platform.audit_logs where user_id = $1', [user.id])).toEqual([{ action: 'profile.created' }])

    const withBody = await platform.request('/platform/profile', { method: 'POST', token: user.token, body: { username: 'x' } })
    expect(withBody.status).toBe(400)
    expect(withBody.body.message).toContain('"username"')
  })

  it('gives a second person with the same e-mail local part a different username', async () => {
    const a = await platform.createUser('sam@one.example')
    const b = await platform.createUser('sam@two.example')
    const pa = await platform.request('/platform/profile', { method: 'POST', token: a.token })
    const pb = await platform.request('/platform/profile', { method: 'POST', token: b.token })
    expect(pa.body.username).toBe('sam')
    expect(pb.body.username).toMatch(/^sam-[0-9a-f]{6}$/)
  })

  it('updates names and username; a taken username is 409 and bad input changes nothing', async () => {
    const user = await platform.createUser()
    const other = await platform.createUser('taken@example.com')
    await platform.request('/platform/profile', { method: 'POST', token: user.token })
    await platform.request('/platform/profile', { method: 'POST', token: other.token })

    const ok = await platform.request('/platform/profile', { method: 'PATCH', token: user.token, body: { first_name: ' Ada ', last_name: 'Lovelace', username: 'ada_l' } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l' })

    const taken = await platform.request('/platform/profile', { method: 'PATCH', token: user.token, body: { username: 'TAKEN' } })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('The username "TAKEN" is already taken')
    for (const body of [{ username: 'a b' }, { first_name: 5 }, { email: 'x@example.com' }, { first_name: 'x'.repeat(101) }]) {
      const res = await platform.request('/platform/profile', { method: 'PATCH', token: user.token, body })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/^Invalid request body: /)
    }
    const malformed = await platform.request('/platform/profile', { method: 'PATCH', token: user.token, rawBody: '{"first_name":', headers: { 'Content-Type': 'application/json' } })
    expect(malformed.status).toBe(400)
    const after = await platform.request('/platform/profile', { token: user.token, headers: V2 })
    expect(after.body).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l' })

    const stranger = await platform.createUser()
    const none = await platform.request('/platform/profile', { method: 'PATCH', token: stranger.token, body: { first_name: 'X' } })
    expect(none.status).toBe(404)
  })

  it('derives permission entries from roles: Owner and Admin all, Developer broad, Read-only reads only', async () => {
    const user = await platform.createUser()
    const orgs: Record<string, number> = {}
    for (const [slug, role] of [
      ['owned', 'Owner'],
      ['admin-of', 'Admin'],
      ['dev-of', 'Developer'],
      ['read-of', 'Read-only'],
      ['not-mine', null],
    ] as const) {
      const [{ id }] = await sql('insert into platform.organizations (slug, name) values ($1, $1) returning id', [slug])
      orgs[slug] = id
      if (role) await sql('insert into platform.members (organization_id, user_id, role) values ($1, $2, $3)', [id, user.id, role])
    }
    expect((await platform.request('/platform/profile/permissions')).status).toBe(401)
    const res = await platform.request('/platform/profile/permissions', { token: user.token })
    expect(res.status).toBe(200)
    const entries = res.body as (PermissionEntry & { organization_id: number })[]
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['actions', 'condition', 'organization_id', 'organization_slug', 'project_refs', 'resources', 'restrictive'])
      expect(e.organization_id).toBe(orgs[e.organization_slug])
    }
    expect(entries.filter((e) => e.organization_slug === 'owned')).toEqual([
      { organization_id: orgs.owned, organization_slug: 'owned', actions: ['%'], resources: ['%'], project_refs: null, condition: null, restrictive: false },
    ])
    expect(entries.some((e) => e.organization_slug === 'not-mine')).toBe(false)
    expect(entries.some((e) => e.organization_slug === 'read-of' && e.restrictive)).toBe(true)

    const can = (slug: string, action: string, resource: string) =>
      doPermissionsCheck({ permissions: entries, organizationSlug: slug, action, resource, isPlatform: true })
    const cases: [string, string, string, boolean][] = [
      ['owned', 'billing:Write', 'stripe.subscriptions', true],
      ['owned', 'write:Create', 'user_invites', true],
      ['admin-of', 'write:Delete', 'projects', true],
      ['admin-of', 'billing:Write', 'stripe.customer', true],
      ['dev-of', 'sql:Write:Insert', 'tables', true],
      ['dev-of', 'write:Create', 'projects', true],
      ['dev-of', 'billing:Read', 'stripe.customer', true],
      ['dev-of', 'billing:Write', 'stripe.subscriptions', false],
      ['dev-of', 'write:Create', 'user_invites', false],
      ['dev-of', 'write:Update', 'organizations', false],
      ['read-of', 'analytics:Read', 'logflare', true],
      ['read-of', 'sql:Read:Select', 'tables', true],
      ['read-of', 'billing:Read', 'stripe.customer', true],
      ['read-of', 'write:Update', 'projects', false],
      ['read-of', 'sql:Write:Insert', 'tables', false],
      ['read-of', 'storage:Admin:Write', 'buckets', false],
      ['read-of', 'secrets:Read', 'secrets', false],
      ['read-of', 'infra:Execute', 'projects', false],
      ['not-mine', 'analytics:Read', 'logflare', false],
    ]
    for (const [slug, action, resource, expected] of cases) expect([slug, action, resource, can(slug, action, resource)]).toEqual([slug, action, resource, expected])
  })

  it('scores passwords with zxcvbn and refuses ones over 99 characters', async () => {
    // anonymous: the sign-up screen checks before any account exists
    const weak = await platform.request('/platform/profile/password-check', { body: { password: 'password' } })
    expect(weak.status).toBe(200)
    expect(weak.body.result.score).toBe(0)
    expect(weak.body.result.feedback.warning).toBe('This is a top-10 common password')
    expect(Array.isArray(weak.body.result.feedback.suggestions)).toBe(true)
    expect(weak.body.result.feedback.suggestions.length).toBeGreaterThan(0)

    const strong = await platform.request('/platform/profile/password-check', { body: { password: 'violet-Tractor-93-quietly-Orbits' } })
    expect(strong.body.result).toEqual({ score: 4, feedback: { suggestions: [], warning: '' } })
    const empty = await platform.request('/platform/profile/password-check', { body: { password: '' } })
    expect(empty.body.result.score).toBe(0)

    const atLimit = await platform.request('/platform/profile/password-check', { body: { password: 'x1'.repeat(49) + 'y' } })
    expect(atLimit.status).toBe(200)
    const tooLong = await platform.request('/platform/profile/password-check', { body: { password: 'x'.repeat(100) } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.message).toBe('Password should be less than 100 characters: the maximum length is 99')

    // the caller's own e-mail counts as a guessable word
    const user = await platform.createUser('zanzibarquokka@example.com')
    const own = await platform.request('/platform/profile/password-check', { token: user.token, body: { password: 'zanzibarquokka' } })
    const anon = await platform.request('/platform/profile/password-check', { body: { password: 'zanzibarquokka' } })
    expect(own.body.result.score).toBeLessThan(anon.body.result.score)

    for (const body of [{}, { password: 5 }, { password: 'x', extra: 1 }]) {
      const res = await platform.request('/platform/profile/password-check', { body })
      expect(res.status).toBe(400)
    }
  })

  it('limits password checks per user (per address when signed out): 429 with Retry-After', async () => {
    const { PASSWORD_CHECK_LIMIT } = await import('@/server/auth/rate-limit')
    await sql(`delete from platform.auth_rate_limits where key like 'password-check:%'`)
    const check = (token?: string) => platform.request('/platform/profile/password-check', { token, body: { password: 'violet-Tractor-93' } })
    const user = await platform.createUser()
    // Concurrent checks all count: exactly the limit gets an answer.
    const burst = await Promise.all(Array.from({ length: PASSWORD_CHECK_LIMIT.max + 5 }, () => check(user.token)))
    expect(burst.filter((r) => r.status === 200)).toHaveLength(PASSWORD_CHECK_LIMIT.max)
    const blocked = burst.find((r) => r.status === 429)!
    expect(blocked.body.message).toMatch(/^Too many password strength checks\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_CHECK_LIMIT.windowSeconds)
    // Another user, and a signed-out caller (counted per address), are not held back by this one.
    expect((await check((await platform.createUser()).token)).status).toBe(200)
    expect((await check()).status).toBe(200)
    for (let i = 1; i < PASSWORD_CHECK_LIMIT.max; i++) expect((await check()).status).toBe(200)
    expect((await check()).status).toBe(429)
    // Bad bodies are refused for what they are, without counting.
    expect((await platform.request('/platform/profile/password-check', { token: user.token, body: {} })).status).toBe(400)
    // Once the window has passed, the user may check again.
    await sql(`update platform.auth_rate_limits set window_start = now() - interval '2 minutes' where key like 'password-check:%'`)
    expect((await check(user.token)).status).toBe(200)
  })

  it("lists the caller's own audit log entries within a validated date range", async () => {
    const user = await platform.createUser()
    const other = await platform.createUser()
    await platform.request('/platform/profile', { method: 'POST', token: user.token })
    await platform.request('/platform/profile', { method: 'POST', token: other.token })
    await platform.request('/platform/profile', { method: 'PATCH', token: user.token, body: { first_name: 'A' } })
    await sql(`insert into platform.audit_logs (user_id, action, occurred_at) values ($1, 'old.thing', '2020-01-15T12:00:00Z')`, [user.id])

    const recent = await platform.request('/platform/profile/audit', { token: user.token })
    expect(recent.status).toBe(200)
    expect(recent.body.result.map((e: { action: string }) => e.action)).toEqual(['profile.updated', 'profile.created'])

    const old = await platform.request('/platform/profile/audit?date_start=2020-01-01T00:00:00Z&date_end=2020-01-31', { token: user.token })
    expect(old.status).toBe(200)
    expect(old.body.result).toHaveLength(1)
    expect(old.body.result[0]).toMatchObject({ action: 'old.thing', target: null, organization_slug: null })
    expect(old.body.date_end).toBe('2020-01-31T23:59:59.999Z')

    const reversed = await platform.request('/platform/profile/audit?date_start=2021-01-01T00:00:00Z&date_end=2020-01-01T00:00:00Z', { token: user.token })
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toBe('date_start must not be after date_end')
    const garbage = await platform.request('/platform/profile/audit?date_start=yesterday', { token: user.token })
    expect(garbage.status).toBe(400)
    expect(garbage.body.message).toContain('date_start')
    const unknown = await platform.request('/platform/profile/audit?user_id=x', { token: user.token })
    expect(unknown.status).toBe(400)
    expect((await platform.request('/platform/profile/audit')).status).toBe(401)
  })
})

describe('profile (self-hosted)', () => {
  let platform: TestPlatform
  let sql: Sql
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false, env: { DISABLED_FEATURES: 'billing:all, logs:all ,' } })
    sql = await sqlFor()
  })
  afterAll(async () => {
    await platform?.close()
    delete process.env.DISABLED_FEATURES
  })

  it('creates the self-hosted profile on first read and carries disabled_features', async () => {
    const res = await platform.request('/platform/profile', { headers: V2 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ username: 'admin', primary_email: 'admin@localhost', disabled_features: ['billing:all', 'logs:all'] })
    const again = await platform.request('/platform/profile', { headers: V2 })
    expect(again.body.id).toBe(res.body.id)
    expect(await sql('select count(*)::int as n from platform.profiles')).toEqual([{ n: 1 }])
    expect((await platform.request('/platform/profile')).status).toBe(400)
  })

  it('grants one allow-all permission entry', async () => {
    await sql(`insert into platform.organizations (slug, name) values ('default', 'Default Organization') on conflict do nothing`)
    const res = await platform.request('/platform/profile/permissions')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { organization_id: expect.any(Number), organization_slug: 'default', actions: ['%'], resources: ['%'], project_refs: null, condition: null, restrictive: false },
    ])
  })
})
