import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

type Sql = (text: string, params?: unknown[]) => Promise<any[]>

async function sqlFor(): Promise<Sql> {
  const { getStore } = await import('@/server/db/store')
  const db = await getStore()
  return async (text, params = []) => (await db.query(text, params as never[])).rows
}

describe('telemetry sink (hosted platform)', () => {
  let platform: TestPlatform
  let sql: Sql
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    sql = await sqlFor()
  })
  afterAll(async () => platform?.close())

  it('stores events, with the user when signed in', async () => {
    const anonymous = await platform.request('/platform/telemetry/event', { body: { action: 'page_view', properties: { path: '/sign-in' } } })
    expect(anonymous.status).toBe(204)
    const user = await platform.createUser()
    const signedIn = await platform.request('/platform/telemetry/event', {
      token: user.token,
      body: { action: 'feature_preview_enabled', properties: { feature: 'unified-logs' }, groups: { project: 'Unknown', organization: 'acme' } },
    })
    expect(signedIn.status).toBe(204)
    const rows = await sql('select user_id, action, properties, groups from platform.telemetry_events order by id')
    expect(rows).toEqual([
      { user_id: null, action: 'page_view', properties: { path: '/sign-in' }, groups: {} },
      { user_id: user.id, action: 'feature_preview_enabled', properties: { feature: 'unified-logs' }, groups: { project: 'Unknown', organization: 'acme' } },
    ])
  })

  it('refuses malformed events with 400 and stores nothing', async () => {
    const [{ n: before }] = await sql('select count(*)::int as n from platform.telemetry_events')
    const bad: unknown[] = [
      {},
      { action: '' },
      { action: 'has spaces' },
      { action: 'ok', properties: 'nope' },
      { action: 'ok', groups: { project: 5 } },
      { action: 'ok', extra: true },
      { action: 'ok', properties: { blob: 'x'.repeat(9000) } },
    ]
    for (const body of bad) {
      const res = await platform.request('/platform/telemetry/event', { body })
      expect([JSON.stringify(body).slice(0, 40), res.status]).toEqual([JSON.stringify(body).slice(0, 40), 400])
      expect(typeof res.body.message).toBe('string')
    }
    const malformed = await platform.request('/platform/telemetry/event', { rawBody: '{"action":', headers: { 'Content-Type': 'application/json' } })
    expect(malformed.status).toBe(400)
    expect(await sql('select count(*)::int as n from platform.telemetry_events')).toEqual([{ n: before }])
  })

  it('refuses bodies over TELEMETRY_BODY_LIMIT with 413, and properties over 8192 bytes (not characters)', async () => {
    const { TELEMETRY_BODY_LIMIT } = await import('@/server/telemetry/events')
    const [{ n: before }] = await sql('select count(*)::int as n from platform.telemetry_events')
    const big = await platform.request('/platform/telemetry/event', { body: { action: 'page_view', properties: { blob: 'x'.repeat(TELEMETRY_BODY_LIMIT) } } })
    expect(big.status).toBe(413)
    expect(big.body.message).toBe(`Request body is too large: the limit is ${TELEMETRY_BODY_LIMIT} bytes`)
    // 5,000 characters, 10,000 bytes of JSON: over the properties' limit, under the body's.
    const wide = await platform.request('/platform/telemetry/event', { body: { action: 'page_view', properties: { blob: 'é'.repeat(5_000) } } })
    expect(wide.status).toBe(400)
    expect(wide.body.message).toContain('properties are limited to 8192 bytes of JSON')
    expect(await sql('select count(*)::int as n from platform.telemetry_events')).toEqual([{ n: before }])
  })

  it('limits events per address: concurrent bursts included, 429 with Retry-After past the limit', async () => {
    const { TELEMETRY_ADDRESS_LIMIT } = await import('@/server/auth/rate-limit')
    await sql(`delete from platform.auth_rate_limits where key like 'telemetry:%'`)
    const [{ n: before }] = await sql('select count(*)::int as n from platform.telemetry_events')
    const send = () => platform.request('/platform/telemetry/event', { body: { action: 'page_view', properties: { pad: 'x'.repeat(7_000) } } })
    const burst = await Promise.all(Array.from({ length: TELEMETRY_ADDRESS_LIMIT.max + 20 }, send))
    expect(burst.filter((r) => r.status === 204)).toHaveLength(TELEMETRY_ADDRESS_LIMIT.max)
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20)
    const blocked = await send()
    expect(blocked.status).toBe(429)
    expect(blocked.body.message).toMatch(/^Too many telemetry events from this address\. Try again in \d+ seconds\.$/)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(TELEMETRY_ADDRESS_LIMIT.windowSeconds)
    expect(await sql('select count(*)::int as n from platform.telemetry_events')).toEqual([{ n: before + TELEMETRY_ADDRESS_LIMIT.max }])
    // Once the window has passed, events are taken again.
    await sql(`update platform.auth_rate_limits set window_start = now() - interval '11 minutes' where key like 'telemetry:%'`)
    expect((await send()).status).toBe(204)
  })
})

describe('telemetry sink (self-hosted)', () => {
  let platform: TestPlatform
  let sql: Sql
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
    sql = await sqlFor()
  })
  afterAll(async () => platform?.close())

  it('collects nothing: 404 with a message', async () => {
    const res = await platform.request('/platform/telemetry/event', { body: { action: 'page_view' } })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('Telemetry is not collected in self-hosted mode')
    expect(await sql('select count(*)::int as n from platform.telemetry_events')).toEqual([{ n: 0 }])
  })
})
