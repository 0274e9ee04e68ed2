import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectLogsResponse } from '@/lib/api-types/logs'
import { flushMetering } from '@/server/billing/metering'
import { flushLogEvents } from '@/server/logs/recorder'
import { PROJECT_SERVICES } from '@/server/project-api/gateway'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 22: one gateway declares each project service's caller check and log line, and meters
 * every answer's bytes. An attacker's requests without a key, with a forged one, or with a key in
 * the wrong header are refused before the service runs, in the shape each service's clients read;
 * the refusal is logged and its bytes metered like any answer.
 */
describe("the project API's gateway", () => {
  let p: RestProject
  const url = (path: string) => `${p.platform.projectUrl(p.ref)}${path}`

  beforeAll(async () => {
    p = await startRestProject('Gateway')
    await p.run('create table public.notes (id int primary key); alter table notes enable row level security; create policy open on notes for select using (true); insert into notes values (1)')
  }, 120_000)
  afterAll(async () => p?.platform.close())

  async function logs(source: string) {
    await flushLogEvents()
    const res = await p.platform.request(`/platform/projects/${p.ref}/logs?${new URLSearchParams({ source })}`, { token: p.owner.token })
    expect(res.status).toBe(200)
    return (res.body as ProjectLogsResponse).result
  }

  async function egress(): Promise<number> {
    await flushMetering()
    const project = await p.platform.request(`/platform/projects/${p.ref}`, { token: p.owner.token })
    const res = await p.platform.request(`/platform/organizations/${project.body.organization_slug}/usage`, { token: p.owner.token })
    expect(res.status).toBe(200)
    return (res.body.usages as { metric: string; usage: number }[]).find((u) => u.metric === 'EGRESS')!.usage
  }

  it('declares every service with its caller check, and only functions check their own', () => {
    expect(PROJECT_SERVICES.map((s) => [s.name, s.auth.proves])).toEqual([
      ['auth', 'key'],
      ['storage', 'caller'],
      ['functions', 'function'],
      ['realtime', 'keyed-caller'],
      ['rest', 'caller'],
    ])
  })

  it("refuses a missing or forged credential before the service runs, in each service's own shape", async () => {
    const cases: [string, RequestInit, number, Record<string, unknown>][] = [
      ['/rest/v1/notes', {}, 401, { code: 'PGRST301', message: 'Invalid API key' }],
      ['/rest/v1/notes', { headers: { apikey: 'forged' } }, 401, { code: 'PGRST301' }],
      ['/rest/v1/notes', { headers: { Authorization: 'Bearer forged' } }, 401, { code: 'PGRST301' }],
      ['/storage/v1/bucket', {}, 401, { message: 'No API key found in request' }],
      ['/storage/v1/bucket', { headers: { apikey: 'forged' } }, 401, { message: 'Invalid API key or token' }],
      ['/auth/v1/settings', {}, 401, { error_code: 'no_api_key' }],
      ['/auth/v1/settings', { headers: { apikey: 'forged' } }, 401, { error_code: 'invalid_api_key' }],
      // A user's token or the service key as the bearer is no project key in `apikey`: auth asks for the key itself.
      ['/auth/v1/settings', { headers: { Authorization: `Bearer ${'' /* filled below */}` } }, 401, { error_code: 'no_api_key' }],
      ['/realtime/v1/api/broadcast', { method: 'POST', body: '{"messages":[]}' }, 401, { error_code: 'no_api_key' }],
      ['/realtime/v1/api/broadcast', { method: 'POST', headers: { apikey: 'forged' }, body: '{"messages":[]}' }, 401, { error_code: 'invalid_api_key' }],
    ]
    cases[7][1] = { headers: { Authorization: `Bearer ${p.keys.service_role}` } }
    for (const [path, init, status, shape] of cases) {
      const res = await fetch(url(path), init)
      const body = await res.json()
      expect(res.status, `${path} ${JSON.stringify(init)}`).toBe(status)
      expect(body, path).toMatchObject(shape)
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*')
    }
    // The same credentials pass where they prove a caller.
    expect((await fetch(url('/rest/v1/notes'), { headers: { Authorization: `Bearer ${p.keys.service_role}` } })).status).toBe(200)
    expect((await fetch(url('/storage/v1/bucket'), { headers: { Authorization: `Bearer ${p.keys.service_role}` } })).status).toBe(200)
    expect((await fetch(url('/auth/v1/settings'), { headers: { apikey: p.keys.anon } })).status).toBe(200)
  })

  it('logs each refusal with no role, and meters the bytes of every answer, refused or not', async () => {
    const before = await egress()
    let sent = 0
    for (const [path, init] of [
      ['/rest/v1/notes', { headers: { apikey: 'forged-log' } }],
      ['/rest/v1/notes', { headers: { apikey: p.keys.anon } }],
      ['/storage/v1/bucket', { headers: { apikey: 'forged-log' } }],
      ['/auth/v1/settings', {}],
      ['/functions/v1/nothing-here', {}],
    ] as [string, RequestInit][]) {
      const res = await fetch(url(path), init)
      sent += Buffer.byteLength(await res.text())
    }
    // A streamed answer's bytes are metered when its stream ends, which may be just after the client has read them.
    await expect.poll(egress).toBe(before + sent)
    const rest = await logs('postgrest_logs')
    expect(rest.find((l) => l.metadata.status_code === 401)).toMatchObject({ metadata: { role: null, path: '/rest/v1/notes' } })
    expect(rest.find((l) => l.metadata.status_code === 200)).toMatchObject({ metadata: { role: 'anon' } })
    const storage = await logs('storage_logs')
    expect(storage.find((l) => l.metadata.status_code === 401)).toMatchObject({ metadata: { role: null, path: '/storage/v1/bucket' } })
    const auth = await logs('auth_logs')
    expect(auth.find((l) => l.metadata.status_code === 401 && l.metadata.path === '/auth/v1/settings')).toBeTruthy()
    expect(JSON.stringify([...rest, ...storage, ...auth])).not.toContain('forged-log')
  })

  it('lets open routes through without a credential: preflights, the recovery link, the socket’s own refusal, public objects', async () => {
    const preflight = await fetch(url('/rest/v1/notes'), { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' } })
    expect(preflight.status).toBe(200)
    const verify = await fetch(url('/auth/v1/verify?type=recovery&token=nope'), { redirect: 'manual' })
    expect(verify.status).not.toBe(401)
    const socket = await fetch(url('/realtime/v1/websocket'))
    expect(socket.status).toBe(401) // the socket's own refusal, as an upgrade without a key gets
    const made = await fetch(url('/storage/v1/bucket'), { method: 'POST', headers: { apikey: p.keys.service_role, 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'pub', name: 'pub', public: true }) })
    expect(made.status).toBe(200)
    const up = await fetch(url('/storage/v1/object/pub/a.txt'), { method: 'POST', headers: { apikey: p.keys.service_role, 'Content-Type': 'text/plain' }, body: 'hello' })
    expect(up.status).toBe(200)
    const open = await fetch(url('/storage/v1/object/public/pub/a.txt'))
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('hello')
  })
})
