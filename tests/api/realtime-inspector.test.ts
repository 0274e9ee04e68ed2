import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { RealtimeClient } from '@supabase/realtime-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { subscribed } from './helpers/realtime-channels'
import { usePostgres } from './helpers/platform'
import { sql } from './projects-helpers'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 13, what realtime lacked: postgres_changes filters past eq (typed by the column), and
 * Dashboard → Realtime's platform routes: the inspector's short-lived token (accepted by the
 * realtime endpoint alone, for a chosen role or project user) and the realtime figures now.
 */

const PASSWORD = 'inspector-test-password-42'

describe('realtime filters and the inspector token', () => {
  let p: RestProject
  let url = ''
  let userId = ''
  const clients: SupabaseClient[] = []
  const sockets: RealtimeClient[] = []

  const client = (key = p.keys.anon): SupabaseClient => {
    const made = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 } })
    clients.push(made)
    return made
  }
  /** A bare realtime-js client with an inspector token as its key, as the dashboard's inspector makes it. */
  const inspectorSocket = (token: string) => {
    const made = new RealtimeClient(`${url.replace(/^http/, 'ws')}/realtime/v1`, { params: { apikey: token }, transport: WebSocket as never, heartbeatIntervalMs: 5_000 })
    sockets.push(made)
    return made
  }
  const eventually = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 10_000, interval: 20 })
  const mint = (body: unknown, token = p.owner.token) => p.platform.request(`/platform/projects/${p.ref}/realtime/inspector-token`, { method: 'POST', token, body })

  beforeAll(async () => {
    p = await startRestProject('Realtime inspector')
    url = `${p.platform.projectUrl(p.ref)}`
    await p.run(`create table public.readings (id bigint primary key, score int not null, at timestamptz not null default now(), label text, owner uuid);
      alter table public.readings enable row level security;
      create policy everyone on public.readings for select to anon using (owner is null);
      create policy own on public.readings for select to authenticated using (owner = auth.uid());
      grant select on public.readings to anon, authenticated;
      alter publication supabase_realtime add table public.readings;`)
    const made = await client(p.keys.service_role).auth.admin.createUser({ email: `insp-${Date.now()}@example.com`, password: PASSWORD, email_confirm: true })
    expect(made.error).toBeNull()
    userId = made.data.user!.id
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
    for (const s of sockets.splice(0)) await s.disconnect()
  })
  afterAll(async () => p?.platform.close())

  it('filters changes with neq, lt, lte, gt, gte, in, is, like and not, comparing values as the column\'s type', async () => {
    const c = client()
    const filters = {
      gt9: 'score=gt.9', // numeric: as text, '10' > '9' would be false
      gte10: 'score=gte.10',
      lt10: 'score=lt.10',
      lte9: 'score=lte.9',
      neq5: 'score=neq.5',
      in: 'label=in.(red,"a,b")',
      isnull: 'label=is.null',
      like: 'label=like.r*',
      notEq: 'score=not.eq.5',
      early: 'at=lt.2001-01-01T00:00:00Z', // a timestamp, compared as one
      both: 'score=gt.1,label=eq.red',
    }
    const seen = Object.fromEntries(Object.keys(filters).map((k) => [k, [] as number[]])) as Record<keyof typeof filters, number[]>
    for (const [name, filter] of Object.entries(filters)) {
      await subscribed(c.channel(`f-${name}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'readings', filter }, (m) => seen[name as keyof typeof filters].push((m.new as { id: number }).id)))
    }
    await p.run(`insert into public.readings (id, score, label) values (1, 5, 'red')`)
    await p.run(`insert into public.readings (id, score, label) values (2, 10, 'a,b')`)
    await p.run(`insert into public.readings (id, score, label, at) values (3, 9, null, '2000-06-01')`)
    await p.run(`insert into public.readings (id, score, label) values (4, 100, 'blue')`)
    await eventually(() => expect(seen.neq5).toEqual([2, 3, 4]))
    expect(seen).toEqual({
      gt9: [2, 4], gte10: [2, 4], lt10: [1, 3], lte9: [1, 3], neq5: [2, 3, 4], in: [1, 2], isnull: [3], like: [1], notEq: [2, 3, 4], early: [3], both: [1],
    })
  })

  it('refuses a filter whose value the column cannot hold, or whose column does not exist', async () => {
    const c = client()
    const join = (filter: string) => subscribed(c.channel(`bad-${filter}`).on('postgres_changes', { event: '*', schema: 'public', table: 'readings', filter }, () => {}))
    await expect(join('score=gt.abc')).rejects.toThrow(/invalid input syntax for type integer/)
    await expect(join('nope=eq.1')).rejects.toThrow(/nope/)
    await expect(join('score=in.()')).rejects.toThrow(/at least one value/)
  })

  it('mints a five-minute token for a role; the realtime endpoint takes it as its key and acts as that role', async () => {
    const res = await mint({ role: 'authenticated', user_id: userId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = res.body as { token: string; expires_in: number; expires_at: number; user: { id: string }; endpoint: string }
    expect(body.expires_in).toBe(300)
    expect(body.expires_at - Date.now() / 1000).toBeLessThanOrEqual(301)
    expect(body.user.id).toBe(userId)
    expect(body.endpoint).toBe(url)
    expect(JSON.stringify(res.body)).not.toContain(p.keys.service_role)
    const anon = (await mint({ role: 'anon' })).body as { token: string }
    const asUser: number[] = []
    const asAnon: number[] = []
    await subscribed(inspectorSocket(body.token).channel('as-user').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'readings' }, (m) => asUser.push((m.new as { id: number }).id)))
    await subscribed(inspectorSocket(anon.token).channel('as-anon').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'readings' }, (m) => asAnon.push((m.new as { id: number }).id)))
    await p.run(`insert into public.readings (id, score, owner) values (20, 1, '${userId}')`)
    await p.run(`insert into public.readings (id, score) values (21, 1)`)
    await eventually(() => expect(asAnon).toEqual([21]))
    await eventually(() => expect(asUser).toEqual([20])) // RLS as the chosen user: their row only
  })

  it('refuses the token everywhere but realtime: REST, auth and storage answer 401', async () => {
    const { token } = (await mint({ role: 'service_role' })).body as { token: string }
    const asKey = await fetch(`${url}/rest/v1/readings`, { headers: { apikey: token } })
    expect(asKey.status).toBe(401)
    const asBearer = await fetch(`${url}/rest/v1/readings`, { headers: { apikey: p.keys.anon, authorization: `Bearer ${token}` } })
    expect(asBearer.status).toBe(401)
    const auth = await fetch(`${url}/auth/v1/admin/users`, { headers: { apikey: token, authorization: `Bearer ${token}` } })
    expect(auth.status).toBe(401)
    const storage = await fetch(`${url}/storage/v1/bucket`, { headers: { apikey: token, authorization: `Bearer ${token}` } })
    expect([401, 403]).toContain(storage.status)
    // The control: the real service key is served.
    expect((await fetch(`${url}/rest/v1/readings`, { headers: { apikey: p.keys.service_role } })).status).toBe(200)
  })

  it('refuses a tampered or expired token at the socket, and bad bodies at the route', async () => {
    const { token } = (await mint({ role: 'anon' })).body as { token: string }
    const refusal = (key: string) => fetch(`${url}/realtime/v1/websocket?apikey=${encodeURIComponent(key)}`).then((r) => r.status)
    expect(await refusal(token)).toBe(426) // accepted: only the upgrade is missing
    expect(await refusal(`${token.slice(0, -3)}abc`)).toBe(401)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 301_000 })
    try {
      expect(await refusal(token)).toBe(401)
    } finally {
      vi.useRealTimers()
    }
    expect((await mint({ role: 'authenticated' })).status).toBe(400)
    expect((await mint({ role: 'anon', user_id: userId })).status).toBe(400)
    expect((await mint({ role: 'postgres' })).status).toBe(400)
    const missing = await mint({ role: 'authenticated', user_id: '00000000-0000-4000-8000-000000000000' })
    expect(missing.status).toBe(404)
  })

  it("removes a table's change trigger once no subscriber follows it, on any instance", async () => {
    const triggers = async () => {
      const res = await sql(p.platform, p.owner.token, p.ref, `select count(*)::int as n from pg_trigger where tgname = 'realtime_changes' and tgrelid = 'public.gone_soon'::regclass`)
      return ((res.body as { rows: { n: number }[] }).rows[0] ?? { n: -1 }).n
    }
    await p.run('create table public.gone_soon (id bigint primary key); grant select on public.gone_soon to anon; alter publication supabase_realtime add table public.gone_soon;')
    const follow = (c: SupabaseClient, name: string) => subscribed(c.channel(name).on('postgres_changes', { event: '*', schema: 'public', table: 'gone_soon' }, () => {}))
    const a = client()
    const b = client()
    const chanA = await follow(a, 'follow-a')
    const chanB = await follow(b, 'follow-b')
    expect(await triggers()).toBe(1)
    await a.removeChannel(chanA)
    await new Promise((resolve) => setTimeout(resolve, 300)) // give a wrong removal its chance
    expect(await triggers()).toBe(1) // b still follows
    if (usePostgres) {
      // A subscriber on another instance keeps it too.
      const peer = await p.platform.startPeer()
      try {
        const there = createClient(`${peer.projectUrl(p.ref)}`, p.keys.anon, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } })
        const chanThere = await follow(there, 'follow-there')
        await b.removeChannel(chanB)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(await triggers()).toBe(1)
        await there.removeChannel(chanThere)
        await eventually(async () => expect(await triggers()).toBe(0)) // the last follower, on the peer, removes it
      } finally {
        await peer.close()
      }
    } else {
      await b.removeChannel(chanB)
    }
    await eventually(async () => expect(await triggers()).toBe(0))
    // Following it again installs it again.
    await follow(client(), 'follow-again')
    expect(await triggers()).toBe(1)
  })

  it('counts connections open now and messages this period', async () => {
    const stats = async () => {
      const res = await p.platform.request(`/platform/projects/${p.ref}/realtime/stats`, { token: p.owner.token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { connections: number; messages: number }
    }
    const before = await stats()
    const c = client()
    const chan = await subscribed(c.channel('counted', { config: { broadcast: { ack: true } } }))
    expect(await chan.send({ type: 'broadcast', event: 'x', payload: {} })).toBe('ok')
    await eventually(async () => {
      const now = await stats()
      expect(now.connections).toBe(before.connections + 1)
      expect(now.messages).toBeGreaterThan(before.messages)
    })
    await c.removeAllChannels()
    await eventually(async () => expect((await stats()).connections).toBe(before.connections))
  })
})
