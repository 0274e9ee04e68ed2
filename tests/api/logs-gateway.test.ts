import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { flushLogEvents } from '@/server/logs/recorder'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { DASHBOARD_APPLICATION_NAME, QUERY_EDITOR_APPLICATION_NAME } from '@/lib/logs/application-names'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 26: "API Gateway" is where a developer looks first, and it held only the dashboard's own
 * `/platform` calls. Now it records every request an app sends to the project's API (REST, auth,
 * storage, functions, realtime), with the role that answered and never a credential; the
 * dashboard's own requests and catalogue queries are marked and hidden unless asked, while what a
 * member runs in the SQL editor stays in the Postgres logs.
 */

class NoWebSocket {}

describe('gateway logs of the project API', () => {
  let platform: TestPlatform
  let token: string
  let ref: string
  let keys: Record<string, string>

  async function lines(query: Record<string, string>): Promise<ProjectLogLine[]> {
    await flushLogEvents()
    const res = await platform.request(`/platform/projects/${ref}/logs?${new URLSearchParams(query)}`, { token })
    expect(res.status).toBe(200)
    return res.body.result
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const owner = await platform.createUser()
    token = owner.token
    const org = await createOrg('pro', [[owner.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Gateway logs')).ref
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token })
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    const made = await sql(platform, token, ref, 'create table public.todos (id serial primary key, title text); grant select on public.todos to anon;')
    expect(made.status).toBe(200)
  }, 120_000)
  afterAll(async () => platform?.close())

  it("records an app's REST, auth, storage and functions requests with their service and role, and no key", async () => {
    const app = createClient(platform.projectUrl(ref), keys.anon, { auth: { persistSession: false }, realtime: { transport: NoWebSocket as never } })
    expect((await app.from('todos').select('id,title').eq('title', 'x')).error).toBeNull()
    await app.auth.signInWithPassword({ email: 'nobody@gateway.example', password: 'wrong password 1' })
    await app.storage.from('none').list()
    await app.functions.invoke('no-such-function')
    // A request with the key in the query string (as realtime's socket sends it), and one to no service.
    await fetch(`${platform.projectUrl(ref)}/rest/v1/todos?select=id&apikey=${keys.anon}`, { headers: { 'User-Agent': 'gateway-test/1' } })
    await fetch(`${platform.projectUrl(ref)}/graphql/v2`, { headers: { apikey: keys.anon } })

    const gateway = await lines({ source: 'edge_logs' })
    const by = (service: string | null) => gateway.filter((l) => l.metadata.service === service)
    expect(by('rest').map((l) => l.metadata.path)).toEqual(expect.arrayContaining(['/rest/v1/todos']))
    expect(by('rest').find((l) => String(l.metadata.search).includes('title=eq.x'))).toMatchObject({
      level: 'info',
      metadata: { method: 'GET', status_code: 200, role: 'anon', dashboard: false },
    })
    expect(by('auth')[0]).toMatchObject({ metadata: { path: '/auth/v1/token', status_code: 400 }, level: 'warning' })
    expect(by('storage')[0]).toMatchObject({ metadata: { method: 'POST', path: '/storage/v1/object/list/none' } })
    expect(by('functions')[0]).toMatchObject({ metadata: { path: '/functions/v1/no-such-function', status_code: 404 } })
    expect(by(null)[0]).toMatchObject({ metadata: { path: '/graphql/v2', status_code: 404 } })
    expect(gateway.find((l) => l.metadata.user_agent === 'gateway-test/1')!.metadata.search).toBe('?select=id')
    // No key, token or password is ever recorded.
    const all = JSON.stringify(gateway)
    for (const secret of [keys.anon, keys.service_role, 'wrong password 1']) expect(all).not.toContain(secret)
  })

  it("records realtime's socket handshake, accepted (101) and refused", async () => {
    const url = `${platform.projectUrl(ref).replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${keys.anon}&vsn=1.0.0`
    const socket = new WebSocket(url)
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    socket.close()
    const refused = new WebSocket(`${platform.projectUrl(ref).replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=not-a-key&vsn=1.0.0`)
    await new Promise((resolve) => refused.once('error', resolve).once('unexpected-response', resolve))
    refused.terminate()
    const realtime = (await lines({ source: 'edge_logs' })).filter((l) => l.metadata.service === 'realtime')
    expect(realtime.map((l) => l.metadata.status_code).sort()).toEqual([101, 401])
    expect(realtime.find((l) => l.metadata.status_code === 101)).toMatchObject({ metadata: { role: 'anon', search: '?vsn=1.0.0' } })
    expect(JSON.stringify(realtime)).not.toContain(keys.anon)
  })

  it("marks the dashboard's own statements and hides them unless asked; the SQL editor's and unnamed ones stay", async () => {
    const run = (query: string, application: string | null) =>
      platform.request(`/platform/pg-meta/${ref}/query`, {
        token,
        body: { query },
        headers: { 'x-connection-encrypted': 'test', ...(application ? { 'x-pg-application-name': application } : {}) },
      })
    expect((await run('select 1 as catalogue_probe', DASHBOARD_APPLICATION_NAME)).status).toBe(200)
    expect((await run('select 2 as editor_probe', QUERY_EDITOR_APPLICATION_NAME)).status).toBe(200)
    expect((await run('select 3 as script_probe', null)).status).toBe(200)
    // A name Postgres would not take is not kept.
    expect((await run('select 4 as odd_probe', 'x'.repeat(200))).status).toBe(200)

    const shown = (await lines({ source: 'postgres_logs', search: '_probe' })).map((l) => [l.metadata.query, l.metadata.application_name, l.metadata.dashboard])
    expect(shown).toEqual(
      expect.arrayContaining([
        ['select 2 as editor_probe', QUERY_EDITOR_APPLICATION_NAME, false],
        ['select 3 as script_probe', null, false],
        ['select 4 as odd_probe', null, false],
      ])
    )
    expect(shown.some(([query]) => query === 'select 1 as catalogue_probe')).toBe(false)
    const everything = await lines({ source: 'postgres_logs', search: 'catalogue_probe', include_dashboard: 'true' })
    expect(everything[0]).toMatchObject({ metadata: { application_name: DASHBOARD_APPLICATION_NAME, dashboard: true } })
  })
})
