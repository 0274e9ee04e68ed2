import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushLogEvents, purgeExpiredLogs } from '@/server/logs/recorder'
import type { ProjectLogsResponse } from '@/lib/api-types/logs'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

type User = { id: string; email: string; token: string }
const DAY = 86_400_000

async function logs(platform: TestPlatform, token: string | undefined, ref: string, query: Record<string, string> = {}) {
  await flushLogEvents()
  const search = new URLSearchParams(query).toString()
  return platform.request(`/platform/projects/${ref}/logs${search ? `?${search}` : ''}`, { token }) as Promise<{
    status: number
    body: ProjectLogsResponse & { message?: string }
    headers: Headers
  }>
}

describe('project logs (hosted)', () => {
  let platform: TestPlatform
  let owner: User
  let reader: User
  let outsider: User
  let freeRef: string
  let teamRef: string
  let freeOrg: { id: number; slug: string }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    reader = await platform.createUser()
    outsider = await platform.createUser()
    freeOrg = await createOrg('free', [
      [owner.id, 'Owner'],
      [reader.id, 'Read-only'],
    ])
    const teamOrg = await createOrg('team', [[owner.id, 'Owner']])
    await createOrg('free', [[outsider.id, 'Owner']])
    freeRef = (await createActiveProject(platform, owner.token, freeOrg.slug, 'Free logs')).ref
    teamRef = (await createActiveProject(platform, owner.token, teamOrg.slug, 'Team logs')).ref
  }, 120_000)
  afterAll(async () => {
    await flushLogEvents()
    await platform?.close()
  })

  it("records every platform request aimed at the project as an API gateway line, marked the dashboard's own and hidden unless asked", async () => {
    const res = await platform.request(`/platform/projects/${freeRef}?secret=hunter2`, {
      token: owner.token,
      headers: { 'X-Request-Id': 'req-gateway-1', 'User-Agent': 'logs-test/1.0' },
    })
    expect(res.status).toBe(200)
    const missing = await platform.request(`/platform/projects/${freeRef}/no-such-thing`, { token: owner.token, headers: { 'X-Request-Id': 'req-gateway-2' } })
    expect(missing.status).toBe(404)

    // The dashboard's own requests are not what a developer looks for first: hidden by default.
    const hidden = await logs(platform, owner.token, freeRef, { source: 'edge_logs' })
    expect(hidden.body.result.some((l) => l.metadata.request_id === 'req-gateway-1')).toBe(false)
    const page = await logs(platform, owner.token, freeRef, { source: 'edge_logs', include_dashboard: 'true' })
    expect(page.status).toBe(200)
    expect(page.body).toMatchObject({ source: 'edge_logs', recorded: true, plan: 'free', retention_days: 1 })
    const line = page.body.result.find((l) => l.metadata.request_id === 'req-gateway-1')
    expect(line).toMatchObject({
      source: 'edge_logs',
      level: 'info',
      identifier: freeRef,
      metadata: { method: 'GET', path: `/platform/projects/${freeRef}`, status_code: 200, user_agent: 'logs-test/1.0', dashboard: true },
    })
    expect(typeof line!.metadata.duration_ms).toBe('number')
    expect(line!.event_message).toMatch(new RegExp(`^GET \\| 200 \\| [\\d.]+ ms \\| /platform/projects/${freeRef}$`))
    // The query string (which may carry secrets) is never recorded.
    expect(JSON.stringify(page.body.result)).not.toContain('hunter2')
    expect(page.body.result.find((l) => l.metadata.request_id === 'req-gateway-2')).toMatchObject({ level: 'warning', metadata: { status_code: 404 } })
    // The reads of the logs themselves are not recorded.
    expect(page.body.result.some((l) => String(l.metadata.path).endsWith('/logs'))).toBe(false)
  })

  it('records a failing statement as an ERROR Postgres line and a succeeding one as LOG', async () => {
    const bad = await sql(platform, owner.token, freeRef, 'select * from no_such_table_here')
    expect(bad.status).toBe(400)
    const good = await sql(platform, owner.token, freeRef, 'select 1 as one, 2 as two union all select 3, 4')
    expect(good.status).toBe(200)

    const page = await logs(platform, owner.token, freeRef, { source: 'postgres_logs' })
    expect(page.status).toBe(200)
    const error = page.body.result.find((l) => l.metadata.level === 'ERROR')
    expect(error).toMatchObject({
      source: 'postgres_logs',
      level: 'error',
      metadata: { sql_state_code: '42P01', query: 'select * from no_such_table_here', message: 'relation "no_such_table_here" does not exist' },
    })
    expect(error!.event_message).toBe('ERROR:  relation "no_such_table_here" does not exist')
    const ok = page.body.result.find((l) => l.metadata.level === 'LOG' && String(l.metadata.query).includes('union all'))
    expect(ok).toMatchObject({ level: 'info', metadata: { command: 'SELECT', row_count: 2, read_only: false } })
    expect(ok!.event_message).toMatch(/^duration: \d+\.\d{3} ms {2}statement: select 1/)

    // The request itself shows on the gateway, with its status.
    const gateway = await logs(platform, owner.token, freeRef, { source: 'edge_logs', search: '/query', include_dashboard: 'true' })
    expect(gateway.body.result.map((l) => l.metadata.status_code).sort()).toEqual([200, 400])
  })

  it('truncates long statements and never logs parameter values', async () => {
    const long = `select '${'x'.repeat(5_000)}' as big, $1::text as p`
    expect((await sql(platform, owner.token, freeRef, long, ['parameter-secret'])).status).toBe(200)
    const page = await logs(platform, owner.token, freeRef, { source: 'postgres_logs', search: 'xxxxxxxxxx' })
    const line = page.body.result[0]
    expect(line.metadata).toMatchObject({ query_truncated: true, parameter_count: 1 })
    expect(String(line.metadata.query).length).toBeLessThanOrEqual(2_001)
    expect(JSON.stringify(line)).not.toContain('parameter-secret')
  })

  it('filters by level and by text contained in the message (wildcards taken literally)', async () => {
    await sql(platform, owner.token, freeRef, "select 'fifty%off' as promo")
    const errors = await logs(platform, owner.token, freeRef, { source: 'all', level: 'error' })
    expect(errors.body.result.length).toBeGreaterThan(0)
    expect(errors.body.result.every((l) => l.level === 'error')).toBe(true)
    const found = await logs(platform, owner.token, freeRef, { source: 'postgres_logs', search: 'FIFTY%OFF' })
    expect(found.body.result).toHaveLength(1)
    const literal = await logs(platform, owner.token, freeRef, { source: 'postgres_logs', search: 'fifty%%off' })
    expect(literal.body.result).toHaveLength(0)
    const nothing = await logs(platform, owner.token, freeRef, { search: 'no line says this' })
    expect(nothing.body.result).toEqual([])
  })

  it('mixes every source in the unified view, and filters on a list of sources', async () => {
    const all = await logs(platform, owner.token, freeRef, { source: 'all', include_dashboard: 'true' })
    expect(new Set(all.body.result.map((l) => l.source))).toEqual(new Set(['edge_logs', 'postgres_logs']))
    const times = all.body.result.map((l) => Date.parse(l.timestamp))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const list = await logs(platform, owner.token, freeRef, { source: 'postgres_logs,pgbouncer_logs' })
    expect(list.body.result.every((l) => l.source === 'postgres_logs')).toBe(true)
  })

  it('answers sources without a producer here with an empty, unrecorded page', async () => {
    for (const source of ['pgbouncer_logs', 'supavisor_logs', 'pg_upgrade_logs']) {
      const res = await logs(platform, owner.token, freeRef, { source })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ source, recorded: false, result: [], next_cursor: null })
    }
  })

  it('pages to older lines with the cursor, without overlap', async () => {
    for (let i = 0; i < 5; i++) await sql(platform, owner.token, teamRef, `select ${i} as page_probe`)
    const first = await logs(platform, owner.token, teamRef, { source: 'postgres_logs', search: 'page_probe', limit: '2' })
    expect(first.body.result).toHaveLength(2)
    expect(first.body.next_cursor).toEqual(expect.any(String))
    const seen = first.body.result.map((l) => l.id)
    let cursor = first.body.next_cursor
    while (cursor) {
      const next = await logs(platform, owner.token, teamRef, { source: 'postgres_logs', search: 'page_probe', limit: '2', cursor })
      expect(next.status).toBe(200)
      seen.push(...next.body.result.map((l) => l.id))
      cursor = next.body.next_cursor
    }
    expect(seen).toHaveLength(5)
    expect(new Set(seen).size).toBe(5)
  })

  it("clamps the range to the plan's retention and refuses older starts or reversed ranges", async () => {
    const now = Date.now()
    // Free: 1 day. 23 hours back is fine; a start a minute past retention is clamped (clock slack).
    const fine = await logs(platform, owner.token, freeRef, { iso_timestamp_start: new Date(now - 23 * 3_600_000).toISOString() })
    expect(fine.status).toBe(200)
    const slack = await logs(platform, owner.token, freeRef, { iso_timestamp_start: new Date(now - DAY - 60_000).toISOString() })
    expect(slack.status).toBe(200)
    expect(Date.parse(slack.body.iso_timestamp_start)).toBeGreaterThanOrEqual(now - DAY - 1_000)
    const old = await logs(platform, owner.token, freeRef, { iso_timestamp_start: new Date(now - 2 * DAY).toISOString() })
    expect(old.status).toBe(400)
    expect(old.body.message).toMatch(/iso_timestamp_start is older than .*1 day/)
    // Team: 28 days.
    expect((await logs(platform, owner.token, teamRef, { iso_timestamp_start: new Date(now - 27 * DAY).toISOString() })).status).toBe(200)
    const team = await logs(platform, owner.token, teamRef, { iso_timestamp_start: new Date(now - 29 * DAY).toISOString() })
    expect(team.status).toBe(400)
    expect(team.body.message).toContain('28 days')
    const reversed = await logs(platform, owner.token, teamRef, {
      iso_timestamp_start: new Date(now - 3_600_000).toISOString(),
      iso_timestamp_end: new Date(now - 7_200_000).toISOString(),
    })
    expect(reversed.status).toBe(400)
    expect(reversed.body.message).toContain('iso_timestamp_end must not be before iso_timestamp_start')
    // A range that ended before the newest lines holds none of them.
    const past = await logs(platform, owner.token, freeRef, {
      iso_timestamp_start: new Date(now - 20 * 3_600_000).toISOString(),
      iso_timestamp_end: new Date(now - 19 * 3_600_000).toISOString(),
    })
    expect(past.body.result).toEqual([])
  })

  it('purges lines older than the plan keeps, per organization', async () => {
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    const insertOld = (ref: string, id: string) =>
      db.query(
        `insert into platform.project_logs (id, project_id, source, "timestamp", level, event_message)
         select $1, id, 'edge_logs', now() - interval '3 days', 'info', 'old line' from platform.projects where ref = $2`,
        [id, ref]
      )
    await insertOld(freeRef, '00000000-0000-4000-8000-000000000001')
    await insertOld(teamRef, '00000000-0000-4000-8000-000000000002')
    expect(await purgeExpiredLogs(db)).toBeGreaterThanOrEqual(1)
    const { rows } = await db.query<{ id: string }>(`select id::text as id from platform.project_logs where event_message = 'old line'`)
    expect(rows.map((r) => r.id)).toEqual(['00000000-0000-4000-8000-000000000002'])
  })

  it('keeps projects apart, lets Read-only members read, and hides the logs from outsiders', async () => {
    await sql(platform, owner.token, teamRef, 'select 42 as team_only_marker')
    const free = await logs(platform, owner.token, freeRef, { search: 'team_only_marker' })
    expect(free.body.result).toEqual([])
    const team = await logs(platform, owner.token, teamRef, { search: 'team_only_marker' })
    expect(team.body.result.length).toBeGreaterThan(0)
    expect(team.body.result.every((l) => l.identifier === teamRef)).toBe(true)

    expect((await logs(platform, reader.token, freeRef)).status).toBe(200)
    const outside = await logs(platform, outsider.token, freeRef)
    expect(outside.status).toBe(404)
    expect(outside.body.message).toContain('not found')
    expect((await logs(platform, undefined, freeRef)).status).toBe(401)
  })

  it('answers bad parameters with 400 naming the parameter', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ source: 'nope_logs' }, 'source'],
      [{ limit: '5000' }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ level: 'loud' }, 'level'],
      [{ iso_timestamp_start: 'yesterday' }, 'iso_timestamp_start'],
      [{ cursor: 'bm90IGEgY3Vyc29y' }, 'cursor'],
      [{ colour: 'blue' }, 'colour'],
      [{ search: 'x'.repeat(600) }, 'search'],
      [{ include_dashboard: 'yes' }, 'include_dashboard'],
    ]
    for (const [query, name] of cases) {
      const res = await logs(platform, owner.token, freeRef, query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(res.body.message).toContain(name)
    }
  })
})

describe('project logs (self-hosted)', () => {
  let platform: TestPlatform

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  }, 120_000)
  afterAll(async () => {
    await flushLogEvents()
    await platform?.close()
  })

  it('records the default project and keeps its logs as enterprise does (90 days)', async () => {
    const bad = await platform.request('/platform/pg-meta/default/query', { body: { query: 'select broken from' } })
    expect(bad.status).toBe(400)
    const res = await logs(platform, undefined, 'default', { iso_timestamp_start: new Date(Date.now() - 89 * DAY).toISOString(), include_dashboard: 'true' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ retention_days: 90 })
    expect(res.body.result.find((l) => l.source === 'postgres_logs')).toMatchObject({ level: 'error', metadata: { level: 'ERROR', sql_state_code: '42601' } })
    expect(res.body.result.find((l) => l.source === 'edge_logs')).toMatchObject({ metadata: { path: '/platform/pg-meta/default/query', status_code: 400 } })
    const tooOld = await logs(platform, undefined, 'default', { iso_timestamp_start: new Date(Date.now() - 91 * DAY).toISOString() })
    expect(tooOld.status).toBe(400)
  })
})
