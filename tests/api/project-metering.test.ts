import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { flushLogEvents } from '@/server/logs/recorder'
import { flushMetering, recordProjectUserActive } from '@/server/billing/metering'
import { closeProjectDatabase, openProjectDatabaseRefs } from '@/server/projects/databases'
import { getStore } from '@/server/db/store'
import type { ProjectLogsResponse } from '@/lib/api-types/logs'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 12: what a project's REST API leaves behind: a postgrest_logs line per answer, and the
 * metering (egress, monthly active users, database size) the billing usage page reads.
 */
describe('the project API in the logs and the usage', () => {
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let org: { id: number; slug: string }
  let ref: string
  let keys: Record<string, string>
  const rest = (path: string, init: RequestInit = {}) => fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, init)

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    org = await createOrg('pro', [[owner.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Metered')).ref
    const made = await sql(platform, owner.token, ref, `create table public.items (id bigint primary key, name text not null);
      alter table public.items enable row level security;
      create policy anon_reads on public.items for select to anon using (id <= 3);
      insert into public.items select g, 'item ' || g from generate_series(1, 10) g;`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
  }, 120_000)
  afterAll(async () => platform?.close())

  async function logs(query: Record<string, string>) {
    await flushLogEvents()
    const res = await platform.request(`/platform/projects/${ref}/logs?${new URLSearchParams(query)}`, { token: owner.token })
    expect(res.status).toBe(200)
    return res.body as ProjectLogsResponse
  }

  it('logs every REST answer as a postgrest_logs line, without the key', async () => {
    const ok = await rest('items?select=id,name&id=lt.3', { headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon}` } })
    expect(ok.status).toBe(200)
    const okBody = await ok.text()
    const refused = await rest('items?select=id', { headers: { apikey: 'not-a-key' } })
    expect(refused.status).toBe(401)
    const missing = await rest('no_such_table', { headers: { apikey: keys.service_role } })
    expect(missing.status).toBe(404)
    // A key in the query string (as some clients send it) is never logged.
    const queryKey = await rest('items?select=id&apikey=query-secret&%41PIKEY=encoded-secret', { headers: { apikey: keys.anon } })
    expect(queryKey.status).toBe(400)

    const page = await logs({ source: 'postgrest_logs' })
    expect(page).toMatchObject({ source: 'postgrest_logs', recorded: true })
    const line = page.result.find((l) => l.metadata.status_code === 200)
    expect(line).toMatchObject({
      source: 'postgrest_logs',
      level: 'info',
      identifier: ref,
      metadata: { method: 'GET', path: '/rest/v1/items', search: '?select=id,name&id=lt.3', role: 'anon', level: 'info', response_bytes: Buffer.byteLength(okBody) },
    })
    expect(typeof line!.metadata.duration_ms).toBe('number')
    expect(line!.event_message).toMatch(/^GET \| 200 \| [\d.]+ ms \| anon \| \/rest\/v1\/items\?select=id,name&id=lt\.3$/)
    expect(page.result.find((l) => l.metadata.status_code === 401)).toMatchObject({ level: 'warning', metadata: { role: null } })
    expect(page.result.find((l) => l.metadata.status_code === 404)).toMatchObject({ level: 'warning', metadata: { role: 'service_role', path: '/rest/v1/no_such_table' } })
    const text = JSON.stringify(page.result)
    for (const secret of [keys.anon, keys.service_role, 'query-secret', 'encoded-secret', 'not-a-key']) expect(text).not.toContain(secret)
    // The unified view shows them too (each once from PostgREST and once from the API gateway), and the level filter applies.
    const warnings = await logs({ source: 'all', level: 'warning', search: '/rest/v1/' })
    expect(warnings.result.map((l) => `${l.source} ${l.metadata.status_code}`).sort()).toEqual(['edge_logs 400', 'edge_logs 401', 'edge_logs 404', 'postgrest_logs 400', 'postgrest_logs 401', 'postgrest_logs 404'])
    expect(warnings.result.filter((l) => l.metadata.status_code === 400).map((l) => l.metadata.search)).toEqual(['?select=id', '?select=id'])
  })

  type Usage = { metric: string; usage: number; source: string; seeded_usage: number | null }
  async function usage(): Promise<Record<string, Usage>> {
    await flushMetering()
    const res = await platform.request(`/platform/organizations/${org.slug}/usage`, { token: owner.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return Object.fromEntries((res.body.usages as Usage[]).map((u) => [u.metric, u]))
  }

  it('meters egress as the bytes the project API sent', async () => {
    const before = (await usage()).EGRESS
    expect(before.source).toBe('measured')
    let sent = 0
    for (const path of ['items?select=*', 'items?select=id&id=eq.2', 'no_such_table']) {
      const res = await rest(path, { headers: { apikey: keys.anon } })
      sent += Buffer.byteLength(await res.text())
    }
    expect(sent).toBeGreaterThan(0)
    const after = (await usage()).EGRESS
    expect(after.usage - before.usage).toBe(sent)
  })

  it('counts each project user once per period as a monthly active user', async () => {
    expect((await usage()).MONTHLY_ACTIVE_USERS).toMatchObject({ usage: 0, source: 'measured' })
    recordProjectUserActive(ref, 'user-a')
    recordProjectUserActive(ref, 'user-a')
    recordProjectUserActive(ref, 'user-b')
    recordProjectUserActive('nosuchproject0000000', 'user-c') // a ref that names no project is dropped
    expect((await usage()).MONTHLY_ACTIVE_USERS.usage).toBe(2)
    // Another instance (or a later flush) seeing the same user again adds nothing.
    recordProjectUserActive(ref, 'user-b')
    await flushMetering()
    recordProjectUserActive(ref, 'user-c')
    expect((await usage()).MONTHLY_ACTIVE_USERS.usage).toBe(3)
    const db = await getStore()
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from platform.project_active_users')
    expect(rows[0].n).toBe(3)
  })

  it('measures the database size from the database, keeps the figure briefly, and grows with the data', async () => {
    const db = await getStore()
    const first = (await usage()).DATABASE_SIZE
    expect(first.source).toBe('measured')
    expect(first.usage).toBeGreaterThan(1024 * 1024)
    // Within its time to live the stored figure is answered, not measured again.
    await db.query('update platform.project_database_sizes set bytes = 12345')
    expect((await usage()).DATABASE_SIZE.usage).toBe(12345)

    const grow = await sql(platform, owner.token, ref, "create table public.filler as select g as id, repeat('x', 500) as pad from generate_series(1, 20000) g")
    expect(grow.status, JSON.stringify(grow.body)).toBe(200)
    await db.query("update platform.project_database_sizes set measured_at = now() - interval '1 hour'")
    if (platform.kind === 'pglite') {
      // Measuring never opens a PGlite database (at most PGLITE_MAX_OPEN may be open).
      await closeProjectDatabase(ref)
      expect(openProjectDatabaseRefs()).not.toContain(ref)
    }
    const grown = (await usage()).DATABASE_SIZE.usage
    if (platform.kind === 'pglite') expect(openProjectDatabaseRefs()).not.toContain(ref)
    expect(grown).toBeGreaterThan(first.usage + 5 * 1024 * 1024)
  })

  it('gives the demo seed\'s stored figures apart from the measured ones, never added in', async () => {
    const measured = await usage()
    const { setUsage } = await import('@/server/billing/usage')
    await setUsage(await getStore(), org.id, 'EGRESS', 1000)
    const after = await usage()
    expect(after.EGRESS).toMatchObject({ usage: measured.EGRESS.usage, seeded_usage: 1000, source: 'demo' })
    expect(after.MONTHLY_ACTIVE_USERS).toMatchObject({ usage: measured.MONTHLY_ACTIVE_USERS.usage, seeded_usage: null, source: 'measured' })
  })
})
