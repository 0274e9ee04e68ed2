import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { sql } from './projects-helpers'
import { subscribed } from './helpers/realtime-channels'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * Issue 13: private channels (`config: { private: true }`) authorized, as Supabase does, by the
 * row level security of the project's `realtime.messages`: `select` to receive (per extension),
 * `insert` to send, with `realtime.topic()` naming the channel; made with every project.
 */

const PASSWORD = 'private-channels-password-42'

describe('private realtime channels', () => {
  let p: RestProject
  let url = ''
  const clients: SupabaseClient[] = []
  const users: Record<'ada' | 'bob', { id: string; email: string }> = {} as never

  const client = (key = p.keys.anon): SupabaseClient => {
    const made = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 } })
    clients.push(made)
    return made
  }
  const signedIn = async (who: 'ada' | 'bob') => {
    const made = client()
    const { error } = await made.auth.signInWithPassword({ email: users[who].email, password: PASSWORD })
    expect(error).toBeNull()
    await made.realtime.setAuth()
    return made
  }
  const eventually = <T>(fn: () => T | Promise<T>) => vi.waitFor(fn, { timeout: 10_000, interval: 20 })

  beforeAll(async () => {
    p = await startRestProject('Private channels')
    url = `${p.platform.projectUrl(p.ref)}`
    const service = client(p.keys.service_role)
    for (const who of ['ada', 'bob'] as const) {
      const email = `${who}-${Math.random().toString(36).slice(2, 8)}@example.com`
      const made = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })
      expect(made.error).toBeNull()
      users[who] = { id: made.data.user!.id, email }
    }
    // Ada may read and write room-ada; Bob may only read it (broadcasts, not presence).
    await p.run(`create policy ada_reads on realtime.messages for select to authenticated using (realtime.topic() = 'room-ada' and auth.uid() = '${users.ada.id}');
      create policy bob_reads on realtime.messages for select to authenticated using (realtime.topic() = 'room-ada' and extension = 'broadcast' and auth.uid() = '${users.bob.id}');
      create policy ada_writes on realtime.messages for insert to authenticated with check (realtime.topic() = 'room-ada' and auth.uid() = '${users.ada.id}');`)
  })
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
  })
  afterAll(async () => p?.platform.close())

  it('lets in only whom the select policies allow, and sends only for whom the insert policies allow', async () => {
    const ada = await signedIn('ada')
    const bob = await signedIn('bob')
    const private_ = { config: { private: true, broadcast: { ack: true } } }
    await expect(subscribed(client().channel('room-ada', private_))).rejects.toThrow(/Unauthorized.*realtime\.messages.*anon/)
    const gotBob: unknown[] = []
    const chanAda = await subscribed(ada.channel('room-ada', private_))
    const chanBob = await subscribed(bob.channel('room-ada', private_).on('broadcast', { event: 'note' }, (m) => gotBob.push(m.payload)))
    expect(await chanAda.send({ type: 'broadcast', event: 'note', payload: { n: 1 } })).toBe('ok')
    await eventually(() => expect(gotBob).toEqual([{ n: 1 }]))
    // Bob reads but may not write: his broadcast is refused, and nothing reaches Ada.
    expect(await chanBob.send({ type: 'broadcast', event: 'note', payload: { n: 2 } })).toBe('error')
    // Bob may not track presence either (no insert policy for him).
    expect(await chanBob.track({ here: true })).toBe('error')
    // Nothing a check wrote stays.
    const left = await sql(p.platform, p.owner.token, p.ref, 'select count(*)::int as n from realtime.messages')
    expect((left.body as { rows: unknown[] }).rows).toEqual([{ n: 0 }])
  })

  it('keeps a private channel apart from the public channel of the same name', async () => {
    const ada = await signedIn('ada')
    const gotPublic: unknown[] = []
    const gotPrivate: unknown[] = []
    await subscribed(client().channel('room-ada').on('broadcast', { event: 'x' }, (m) => gotPublic.push(m.payload)))
    const chanPrivate = await subscribed(ada.channel('room-ada', { config: { private: true, broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'x' }, (m) => gotPrivate.push(m.payload)))
    expect(await chanPrivate.send({ type: 'broadcast', event: 'x', payload: { secret: true } })).toBe('ok')
    await eventually(() => expect(gotPrivate).toEqual([{ secret: true }]))
    expect(gotPublic).toEqual([])
  })

  it('answers a private HTTP broadcast only for a caller the insert policies allow', async () => {
    const send = (key: string, bearer: string) =>
      fetch(`${url}/realtime/v1/api/broadcast`, { method: 'POST', headers: { apikey: key, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ topic: 'room-ada', event: 'x', payload: {}, private: true }] }) })
    const refused = await send(p.keys.anon, p.keys.anon)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { message: string }).message).toMatch(/realtime\.messages/)
    expect((await send(p.keys.service_role, p.keys.service_role)).status).toBe(202)
  })
})
