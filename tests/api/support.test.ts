import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SELF_HOSTED_USER_ID } from '@/server/auth/caller'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type TicketRow = {
  id: string
  user_id: string | null
  category: string
  subject: string
  message: string
  error_report_id: string | null
  metadata: Record<string, unknown>
}

async function tickets(): Promise<TicketRow[]> {
  const { getStore } = await import('@/server/db/store')
  const db = await getStore()
  const { rows } = await db.query<TicketRow>('select * from platform.support_tickets order by created_at, id')
  return rows
}

async function clearTickets(): Promise<void> {
  const { getStore } = await import('@/server/db/store')
  const db = await getStore()
  await db.query('delete from platform.support_tickets')
  await db.query(`delete from platform.auth_rate_limits where key like 'support:%'`)
}

const valid = {
  category: 'dashboard_bug',
  subject: 'Dashboard error: boom',
  message: 'Path name: /dashboard/org/acme\n\nError: boom\n    at Page',
  errorReportId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
}

describe('POST /platform/feedback/send (hosted platform)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform()
  })
  afterAll(async () => platform?.close())

  it('stores a signed-in user’s ticket and answers 201 with its id', async () => {
    await clearTickets()
    const user = await platform.createUser()
    const res = await platform.request('/platform/feedback/send', {
      token: user.token,
      body: { ...valid, projectRef: 'abcdefghijklmnopqrst', organizationSlug: 'acme', allowSupportAccess: true },
      headers: { 'User-Agent': 'vitest' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) })

    const rows = await tickets()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: res.body.id,
      user_id: user.id,
      category: 'dashboard_bug',
      subject: valid.subject,
      message: valid.message,
      error_report_id: valid.errorReportId,
    })
    expect(rows[0].metadata).toMatchObject({
      projectRef: 'abcdefghijklmnopqrst',
      organizationSlug: 'acme',
      allowSupportAccess: true,
      email: user.email,
      mode: 'platform',
      userAgent: 'vitest',
    })
  })

  it('stores a ticket sent signed out, without a user', async () => {
    await clearTickets()
    const res = await platform.request('/platform/feedback/send', {
      body: { category: 'login_issues', subject: 'Cannot sign in', message: 'The code never arrives.' },
    })
    expect(res.status).toBe(201)
    const rows = await tickets()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ user_id: null, category: 'login_issues', error_report_id: null })
    expect(rows[0].metadata).toMatchObject({ allowSupportAccess: false, email: null, projectRef: null })
  })

  it.each([
    ['an unknown field', { ...valid, priority: 'urgent' }, 'unknown field "priority"'],
    ['an unknown category', { ...valid, category: 'gossip' }, 'category: must be one of problem, dashboard_bug'],
    ['an empty subject', { ...valid, subject: '   ' }, 'subject: is required'],
    ['a missing message', { category: 'problem', subject: 'Hi' }, 'message: is required'],
    ['a subject over 200 characters', { ...valid, subject: 'x'.repeat(201) }, 'subject: must be at most 200 characters'],
    ['a message over 10,000 characters', { ...valid, message: 'x'.repeat(10_001) }, 'message: must be at most 10,000 characters'],
    ['a malformed report id', { ...valid, errorReportId: '<script>' }, 'errorReportId: may hold only'],
  ])('answers 400 naming the problem for %s, and writes nothing', async (_name, body, message) => {
    await clearTickets()
    const user = await platform.createUser()
    const res = await platform.request('/platform/feedback/send', { token: user.token, body })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
    expect(await tickets()).toHaveLength(0)
  })

  it('accepts the longest subject and message', async () => {
    await clearTickets()
    const res = await platform.request('/platform/feedback/send', {
      body: { category: 'problem', subject: 's'.repeat(200), message: 'm'.repeat(10_000) },
    })
    expect(res.status).toBe(201)
    expect(await tickets()).toHaveLength(1)
  })

  it('answers 400 to malformed JSON and writes nothing', async () => {
    await clearTickets()
    const res = await platform.request('/platform/feedback/send', {
      method: 'POST',
      rawBody: '{"category":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Malformed JSON in request body')
    expect(await tickets()).toHaveLength(0)
  })

  it('limits how many tickets one sender stores, with Retry-After', async () => {
    await clearTickets()
    const user = await platform.createUser()
    for (let i = 0; i < 10; i++) {
      const res = await platform.request('/platform/feedback/send', { token: user.token, body: valid })
      expect(res.status).toBe(201)
    }
    const res = await platform.request('/platform/feedback/send', { token: user.token, body: valid })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/^Too many support requests were sent\. Try again in \d+ seconds\.$/)
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await tickets()).toHaveLength(10)
  })
})

describe('POST /platform/feedback/send (self-hosted)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  it('stores the ticket locally, marked as self-hosted', async () => {
    await clearTickets()
    const res = await platform.request('/platform/feedback/send', { body: valid })
    expect(res.status).toBe(201)
    const rows = await tickets()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: res.body.id, category: 'dashboard_bug' })
    // The self-hosted user may or may not have a users row; the ticket is stored either way.
    expect([null, SELF_HOSTED_USER_ID]).toContain(rows[0].user_id)
    expect(rows[0].metadata).toMatchObject({ mode: 'self-hosted', email: 'admin@localhost' })
  })
})
