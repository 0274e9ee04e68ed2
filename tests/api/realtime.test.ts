import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { usePostgres } from './helpers/platform'
import { subscribed } from './helpers/realtime-channels'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 13: a project's realtime endpoint (`{url}/realtime/v1`) driven by the real supabase-js
 * (realtime-js over `ws`: Node 20 has no WebSocket of its own), as an app would: broadcasts with
 * their self and ack options, presence, database changes that row level security filters per
 * subscriber, the plan's limits, and on Postgres a second instance on the same database.
 */

const PASSWORD = 'realtime-test-password-42'

describe('the project realtime endpoint with supabase-js', () => {
  let p: RestProject
  const clients: SupabaseClient[] = []
  const users: Record<'ada' | 'bob', { id: string; email: string }> = {} as never
  let url = ''

  const client = (base = url, key = p.keys.anon): SupabaseClient => {
    const made = createClient(base, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 },
    })
    clients.push(made)
    return made
  }
  const signedIn = async (who: 'ada' | 'bob', base = url) => {
    const made = client(base)
    const { error } = await made.auth.signInWithPassword({ email: users[who].email, password: PASSWORD })
    expect(error).toBeNull()
    await made.realtime.setAuth() // the session's token from the start, not once the socket asks for it
    return made
  }
  const socketUrl = (key: string, base = url) => `${base.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(key)}&vsn=2.0.0`
  const eventually = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 10_000, interval: 20 })

  beforeAll(async () => {
    p = await startRestProject('Realtime')
    url = `${p.platform.projectUrl(p.ref)}`
    await p.run(`create table public.messages (id bigint primary key, room text not null default 'lobby', owner uuid, body text not null);
      alter table public.messages enable row level security;
      create policy own_rows on public.messages for select to authenticated using (owner = auth.uid());
      create policy public_rows on public.messages for select to anon using (owner is null);
      grant select on public.messages to anon, authenticated;
      alter publication supabase_realtime add table public.messages;`)
    const service = client(url, p.keys.service_role)
    for (const who of ['ada', 'bob'] as const) {
      const email = `${who}-${Math.random().toString(36).slice(2, 8)}@example.com`
      const made = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
      expect(made.error).toBeNull()
      users[who] = { id: made.data.user!.id, email }
    }
  })
  afterEach(async () => {
    const { setRealtimeLimitOverrides } = await import('@/server/realtime/limits')
    setRealtimeLimitOverrides(null)
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
  })
  afterAll(async () => p?.platform.close())

  it('delivers broadcasts to the other members, to the sender when asked (self), and acknowledges them (ack)', async () => {
    const a = client()
    const b = client()
    const gotA: unknown[] = []
    const gotB: unknown[] = []
    const chanA = await subscribed(a.channel('room-1', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'hello' }, (m) => gotA.push(m.payload)))
    const chanB = await subscribed(b.channel('room-1').on('broadcast', { event: 'hello' }, (m) => gotB.push(m.payload)))
    expect(await chanA.send({ type: 'broadcast', event: 'hello', payload: { from: 'a', n: 1 } })).toBe('ok')
    await eventually(() => expect(gotB).toEqual([{ from: 'a', n: 1 }]))
    await eventually(() => expect(gotA).toEqual([{ from: 'a', n: 1 }]))
    await chanB.send({ type: 'broadcast', event: 'hello', payload: { from: 'b' } })
    await eventually(() => expect(gotA).toEqual([{ from: 'a', n: 1 }, { from: 'b' }]))
    expect(gotB).toEqual([{ from: 'a', n: 1 }]) // no self for b
  })

  it('syncs presence: state on join, joins and leaves', async () => {
    const a = client()
    const b = client()
    const joins: string[] = []
    const leaves: string[] = []
    const chanA = await subscribed(a.channel('room-2', { config: { presence: { key: 'ada' } } }).on('presence', { event: 'sync' }, () => {}))
    await chanA.track({ status: 'online' })
    const chanB = b
      .channel('room-2', { config: { presence: { key: 'bob' } } })
      .on('presence', { event: 'join' }, ({ key }) => joins.push(key))
      .on('presence', { event: 'leave' }, ({ key }) => leaves.push(key))
    await subscribed(chanB)
    await eventually(() => expect(chanB.presenceState().ada?.[0]).toMatchObject({ status: 'online' }))
    expect(joins).toContain('ada')
    await chanB.track({ status: 'here' })
    await eventually(() => expect(Object.keys(chanA.presenceState()).sort()).toEqual(['ada', 'bob']))
    await chanA.untrack()
    await eventually(() => expect(leaves).toContain('ada'))
    expect(chanB.presenceState().ada).toBeUndefined()
  })

  it('sends a change only to the subscribers whose row level security shows them the row', async () => {
    const ada = await signedIn('ada')
    const bob = await signedIn('bob')
    const seen: Record<'ada' | 'bob' | 'lobby', unknown[]> = { ada: [], bob: [], lobby: [] }
    const on = (c: SupabaseClient, name: keyof typeof seen, filter?: string) =>
      subscribed(c.channel(`changes-${name}`).on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', filter }, (m) => seen[name].push(m.new)))
    await on(ada, 'ada')
    await on(bob, 'bob')
    await on(client(), 'lobby', 'room=eq.lobby') // anon: owner-less rows of the lobby
    await p.run(`insert into public.messages (id, owner, body) values (1, '${users.ada.id}', 'for ada')`)
    await p.run(`insert into public.messages (id, room, body) values (2, 'cellar', 'public, elsewhere')`)
    await p.run(`insert into public.messages (id, owner, body) values (3, '${users.bob.id}', 'for bob')`)
    await p.run(`insert into public.messages (id, body) values (4, 'public, lobby')`)
    await eventually(() => expect(seen.bob).toHaveLength(1))
    await eventually(() => expect(seen.lobby).toHaveLength(1))
    await eventually(() => expect(seen.ada).toHaveLength(1))
    // Changes arrive in order: by the time the later rows came, the earlier ones would have too.
    expect(seen.ada[0]).toMatchObject({ id: 1, body: 'for ada', owner: users.ada.id })
    expect(seen.bob[0]).toMatchObject({ id: 3, body: 'for bob' })
    expect(seen.lobby[0]).toMatchObject({ id: 4, room: 'lobby' })
  })

  it('sends updates with the new row and deletes with the old primary key only', async () => {
    const ada = await signedIn('ada')
    const events: { eventType: string; new: Record<string, unknown>; old: Record<string, unknown> }[] = []
    await subscribed(ada.channel('changes-all').on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (m) => events.push(m as never)))
    // One change at a time: a row is read when its change is delivered (a row deleted before then is not sent).
    await p.run(`insert into public.messages (id, owner, body) values (10, '${users.ada.id}', 'draft')`)
    await eventually(() => expect(events.map((e) => e.eventType)).toEqual(['INSERT']))
    await p.run(`update public.messages set body = 'final' where id = 10`)
    await eventually(() => expect(events.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE']))
    await p.run(`delete from public.messages where id = 10`)
    await eventually(() => expect(events.map((e) => e.eventType)).toEqual(['INSERT', 'UPDATE', 'DELETE']))
    expect(events[1].new).toMatchObject({ id: 10, body: 'final' })
    expect(events[2].old).toEqual({ id: 10 })
  })

  it('refuses a join for a table that does not exist, and a filter it does not serve', async () => {
    const c = client()
    await expect(subscribed(c.channel('bad-1').on('postgres_changes', { event: '*', schema: 'public', table: 'nothing_here' }, () => {}))).rejects.toThrow(/nothing_here/)
    await expect(subscribed(c.channel('bad-2').on('postgres_changes', { event: '*', schema: 'public', table: 'messages', filter: 'id=between.3' }, () => {}))).rejects.toThrow(/operator "between" is not served/)
  })

  it('refuses a socket without a valid key, and answers plain HTTP 426', async () => {
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(socketUrl('not-a-key'))
      ws.on('error', () => {})
      ws.on('unexpected-response', (req, res) => {
        resolve(res.statusCode ?? 0)
        req.destroy()
      })
      ws.on('open', () => resolve(101))
    })
    expect(refused).toBe(401)
    const plain = await fetch(`${url}/realtime/v1/websocket?vsn=2.0.0`, { headers: { apikey: p.keys.anon } })
    expect(plain.status).toBe(426)
    expect(await plain.json()).toMatchObject({ code: 426, error_code: 'upgrade_required' })
  })

  it("enforces the plan's limits: message size, connections, heartbeat", async () => {
    const { setRealtimeLimitOverrides } = await import('@/server/realtime/limits')
    setRealtimeLimitOverrides({ maxMessageBytes: 2_000, peakConnections: 1, heartbeatTimeoutMs: 1_500 })
    const first = new WebSocket(socketUrl(p.keys.anon))
    const closedFirst = new Promise<number>((resolve) => first.on('close', (code) => resolve(code)))
    await new Promise((resolve) => first.on('open', resolve))
    const replies: unknown[][] = []
    first.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown[]
      if (message[3] === 'phx_reply') replies.push(message)
    })
    first.send(JSON.stringify(['1', '1', 'realtime:big', 'phx_join', { config: {} }]))
    await eventually(() => expect(replies).toEqual([['1', '1', 'realtime:big', 'phx_reply', { status: 'ok', response: {} }]]))
    first.send(JSON.stringify(['1', '2', 'realtime:big', 'broadcast', { type: 'broadcast', event: 'e', payload: { x: 'y'.repeat(3_000) } }]))
    await eventually(() => expect(replies[1]).toMatchObject(['1', '2', 'realtime:big', 'phx_reply', { status: 'error', response: { reason: expect.stringMatching(/maximum message size of 2 KB/) } }]))
    const second = new WebSocket(socketUrl(p.keys.anon))
    const [code, reason] = await new Promise<[number, string]>((resolve) => second.on('close', (c, r) => resolve([c, String(r)])))
    expect(code).toBe(1008)
    expect(reason).toMatch(/allows 1 concurrent realtime connections/)
    expect(await closedFirst).toBe(4000) // silent past the heartbeat timeout
  })

  it('writes realtime_logs lines for connections and refusals, and meters messages and peak connections', async () => {
    const { flushLogEvents } = await import('@/server/logs/recorder')
    const { flushRealtimeMetering } = await import('@/server/billing/realtime-metering')
    const { getStore } = await import('@/server/db/store')
    await flushLogEvents()
    await flushRealtimeMetering()
    const usage = await (await getStore()).query<{ messages: number; peak_connections: number }>(
      `select u.messages::int as messages, u.peak_connections from platform.project_realtime_usage u join platform.projects p on p.id = u.project_id where p.ref = $1`,
      [p.ref]
    )
    expect(usage.rows[0].messages).toBeGreaterThan(10)
    expect(usage.rows[0].peak_connections).toBeGreaterThanOrEqual(3)
    const { rows } = await (await getStore()).query<{ event_message: string }>(
      `select l.event_message from platform.project_logs l join platform.projects p on p.id = l.project_id where p.ref = $1 and l.source = 'realtime_logs'`,
      [p.ref]
    )
    const lines = rows.map((r) => r.event_message)
    expect(lines).toContain('connection opened')
    expect(lines.some((l) => /refused/.test(l))).toBe(true)
    expect(lines.join('\n')).not.toContain(p.keys.anon)
  })

  it.skipIf(!usePostgres)('reaches subscribers on another instance: changes, broadcasts and presence go through Postgres', async () => {
    const peer = await p.platform.startPeer()
    try {
      const peerUrl = `${peer.projectUrl(p.ref)}`
      const ada = await signedIn('ada', peerUrl)
      const rows: unknown[] = []
      const heard: unknown[] = []
      const there = await subscribed(
        ada
          .channel('across', { config: { presence: { key: 'ada' } } })
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages' }, (m) => rows.push(m.new))
          .on('broadcast', { event: 'ping' }, (m) => heard.push(m.payload))
          .on('presence', { event: 'sync' }, () => {})
      )
      const here = await subscribed(client().channel('across', { config: { presence: { key: 'anon' } } }).on('presence', { event: 'sync' }, () => {}))
      await p.run(`insert into public.messages (id, owner, body) values (20, '${users.ada.id}', 'made on the first instance')`)
      await eventually(() => expect(rows).toEqual([expect.objectContaining({ id: 20 })]))
      await here.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })
      await eventually(() => expect(heard).toEqual([{ n: 1 }]))
      await there.track({ on: 'peer' })
      await eventually(() => expect(here.presenceState().ada?.[0]).toMatchObject({ on: 'peer' }))
      await here.track({ on: 'first' })
      await eventually(() => expect(Object.keys(there.presenceState()).sort()).toEqual(['ada', 'anon']))
      await there.untrack()
      await eventually(() => expect(here.presenceState().ada).toBeUndefined())
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
      await peer.close()
    }
  })
})
