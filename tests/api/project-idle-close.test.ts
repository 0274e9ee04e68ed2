import { createClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { subscribed } from './helpers/realtime-channels'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 23: a project database nobody uses closes after the idle time (set short here), and what
 * comes next opens it again with its data: a REST request, a connection to its loopback port
 * (PGlite), a realtime subscriber's next change. A request under way is never cut by a close, and
 * requests racing the idle timer all answer.
 */

const PASSWORD = 'Idle-close wire password 1'
const anon = (p: RestProject) => ({ apikey: p.keys.anon, Authorization: `Bearer ${p.keys.anon}` })
const service = (p: RestProject) => ({ apikey: p.keys.service_role, Authorization: `Bearer ${p.keys.service_role}`, 'Content-Type': 'application/json' })

describe('idle project databases close and reopen', () => {
  let p: RestProject
  let cache: typeof import('@/server/projects/database-cache')

  const isOpen = () => cache.openProjectDatabaseRefs().includes(p.ref)
  const closedByIdleTimer = () => vi.waitFor(() => expect(isOpen()).toBe(false), { timeout: 10_000, interval: 10 })
  const items = async () => {
    const res = await p.rest('items?select=id,name&order=id', { headers: anon(p) })
    expect(res.status).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    p = await startRestProject('Idle close')
    cache = await import('@/server/projects/database-cache')
    await p.run(`create table public.items (id bigint primary key, name text not null);
      insert into public.items values (1, 'one'), (2, 'two');
      alter table public.items enable row level security;
      create policy anon_reads on public.items for select to anon using (true);
      grant select on public.items to anon;
      alter publication supabase_realtime add table public.items;
      create function public.slow_items() returns setof public.items language sql as
        $$ select i.* from public.items i, pg_sleep(0.4) order by i.id $$;`)
  }, 120_000)
  afterAll(async () => {
    cache?.setProjectDatabaseLimits((await import('@/server/projects/database-limits')).configuredLimits())
    await p?.platform.close()
  })

  it('closes a database left idle and reopens it for the next REST request, data intact', async () => {
    cache.setProjectDatabaseLimits({ idleCloseMs: 50 })
    expect(await items()).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }])
    await closedByIdleTimer()
    const insert = await p.rest('items', { method: 'POST', headers: service(p), body: JSON.stringify({ id: 3, name: 'three' }) })
    expect(insert.status).toBe(201)
    await closedByIdleTimer()
    expect(await items()).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }, { id: 3, name: 'three' }])
  })

  it('never cuts a request under way: a close waits for it, and the idle timer starts after it', async () => {
    cache.setProjectDatabaseLimits({ idleCloseMs: 1 })
    const slow = p.rest('rpc/slow_items', { method: 'POST', headers: { ...anon(p), 'Content-Type': 'application/json' }, body: '{}' }).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }))
    await vi.waitFor(() => expect(cache.projectDatabaseUsers(p.ref)).toBeGreaterThan(0), { timeout: 10_000, interval: 5 })
    // The request holds the database (its pg_sleep runs): an explicit close now must wait for it.
    const closed = cache.closeProjectDatabase(p.ref)
    const answer = await slow
    await closed
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }, { id: 3, name: 'three' }])
    expect(isOpen()).toBe(false)
  })

  it('closes the databases nobody uses at once when asked (after the demo seeding), never one in use', async () => {
    cache.setProjectDatabaseLimits({ idleCloseMs: 60_000 })
    expect(await items()).toHaveLength(3)
    expect(isOpen()).toBe(true)
    await cache.closeIdleProjectDatabases()
    expect(isOpen()).toBe(false)
    const slow = p.rest('rpc/slow_items', { method: 'POST', headers: { ...anon(p), 'Content-Type': 'application/json' }, body: '{}' })
    await vi.waitFor(() => expect(cache.projectDatabaseUsers(p.ref)).toBeGreaterThan(0), { timeout: 10_000, interval: 5 })
    await cache.closeIdleProjectDatabases()
    expect(isOpen()).toBe(true) // its request still holds it
    expect((await slow).status).toBe(200)
  })

  it('answers every request racing a 1 ms idle timer', async () => {
    cache.setProjectDatabaseLimits({ idleCloseMs: 1 })
    const bodies: unknown[] = []
    for (let round = 0; round < 3; round++) bodies.push(...(await Promise.all([items(), items(), items()])))
    for (const body of bodies) expect(body).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }, { id: 3, name: 'three' }])
  }, 90_000)

  it('reopens a closed PGlite database for a client of its loopback port (psql’s path)', async ({ skip }) => {
    if (p.platform.kind !== 'pglite') skip()
    cache.setProjectDatabaseLimits({ idleCloseMs: 50 })
    const set = await p.platform.request(`/platform/projects/${p.ref}/db-password`, { token: p.owner.token, body: { password: PASSWORD } })
    expect(set.status).toBe(204)
    const shown = await p.platform.request(`/platform/projects/${p.ref}`, { token: p.owner.token })
    const connectionString = String(shown.body.connectionString).replace('[YOUR-PASSWORD]', encodeURIComponent(PASSWORD))
    await closedByIdleTimer()
    const client = new pg.Client({ connectionString })
    await client.connect()
    try {
      expect((await client.query('select count(*)::int as n from public.items')).rows).toEqual([{ n: 3 }])
      // Closed again between two statements of the same connection: the next one reopens it.
      await closedByIdleTimer()
      expect((await client.query('select name from public.items where id = 3')).rows).toEqual([{ name: 'three' }])
    } finally {
      await client.end()
    }
  })

  it('keeps realtime subscribers receiving changes across closes', async () => {
    cache.setProjectDatabaseLimits({ idleCloseMs: 50 })
    const realtime = createClient(p.platform.projectUrl(p.ref), p.keys.anon, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 },
    })
    const seen: unknown[] = []
    try {
      await subscribed(realtime.channel('idle').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'items' }, (m) => seen.push(m.new)))
      for (const id of [10, 11]) {
        await closedByIdleTimer()
        const insert = await p.rest('items', { method: 'POST', headers: service(p), body: JSON.stringify({ id, name: `n${id}` }) })
        expect(insert.status).toBe(201)
        await vi.waitFor(() => expect(seen).toContainEqual({ id, name: `n${id}` }), { timeout: 10_000, interval: 20 })
      }
      expect(seen).toEqual([{ id: 10, name: 'n10' }, { id: 11, name: 'n11' }])
    } finally {
      await realtime.removeAllChannels()
    }
  })
})
