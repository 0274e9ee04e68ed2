import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { usePostgres } from './helpers/platform'
import { subscribed } from './helpers/realtime-channels'
import { startRestProject, type RestProject } from './helpers/rest-project'
import { sql } from './projects-helpers'
import { PUBLICATIONS_SQL, setPublicationTableSql } from '@/lib/database/publications'

/**
 * Issue 25: every project database has the publication `supabase_realtime`, owned by the
 * project's owner role, and realtime's `postgres_changes` obey it as Supabase Realtime's do: a
 * subscription to a table it lacks is joined, then told the error in a `system` message and sent
 * nothing (not even once the table is added); a subscribed table's changes stream only while it
 * is published, with its operations; a `*` subscription takes up the schema's newly published
 * tables. The SQL is a tutorial's, unchanged. Row level security still decides who gets a row.
 */

type System = { status: string; message: string; extension: string; channel: string }

describe('the supabase_realtime publication decides what realtime streams', () => {
  let p: RestProject
  let url = ''
  const clients: SupabaseClient[] = []
  const eventually = <T>(fn: () => T | Promise<T>, timeout = 10_000) => vi.waitFor(fn, { timeout, interval: 20 })

  const client = (key = p.keys.service_role, base = url): SupabaseClient => {
    const made = createClient(base, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, heartbeatIntervalMs: 5_000 },
    })
    clients.push(made)
    return made
  }
  /** A channel following `table` (`*`: the schema's tables): the rows it got and its system messages. */
  const follow = async (name: string, table: string, options: { key?: string; base?: string; event?: '*' | 'INSERT' | 'UPDATE' } = {}) => {
    const rows: Record<string, unknown>[] = []
    const types: string[] = []
    const system: System[] = []
    const channel: RealtimeChannel = client(options.key, options.base)
      .channel(name)
      .on('postgres_changes', { event: (options.event ?? '*') as '*', schema: 'public', table }, (m) => {
        types.push(`${m.table}:${m.eventType}`)
        rows.push(m.eventType === 'DELETE' ? (m.old as Record<string, unknown>) : (m.new as Record<string, unknown>))
      })
      .on('system', {}, (m) => system.push(m as System))
    await subscribed(channel)
    return { rows, types, system, channel }
  }
  const query = (text: string) => sql(p.platform, p.owner.token, p.ref, text)
  const published = async () => {
    const res = await query(`select tablename::text as t from pg_publication_tables where pubname = 'supabase_realtime' order by 1`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return (res.body as { rows: { t: string }[] }).rows.map((r) => r.t)
  }

  beforeAll(async () => {
    p = await startRestProject('Realtime publication')
    url = `${p.platform.projectUrl(p.ref)}`
    // A tutorial's tables, as Supabase's quickstarts write them.
    await p.run(`create table public.todos (id bigint primary key, task text not null, owner uuid);
      create table public.notes (id bigint primary key, body text not null);
      create table public.later (id bigint primary key, body text not null);
      alter table public.todos enable row level security;
      create policy anon_sees_ownerless on public.todos for select to anon using (owner is null);
      grant select on public.todos, public.notes, public.later to anon, authenticated;`)
  }, 120_000)
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
  })
  afterAll(async () => p?.platform.close())

  it('exists in every project, owned by its owner role (not a superuser), and takes a tutorial\'s ALTER PUBLICATION', async () => {
    const res = await query(`select p.pubname::text as name, p.pubowner::regrole::text as owner, r.rolsuper as superuser, current_user::text as me
      from pg_publication p join pg_roles r on r.oid = p.pubowner where p.pubname = 'supabase_realtime'`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [row] = (res.body as { rows: { name: string; owner: string; superuser: boolean; me: string }[] }).rows
    expect(row).toEqual({ name: 'supabase_realtime', owner: `project_${p.ref}`, superuser: false, me: `project_${p.ref}` })
    expect(await published()).toEqual([])
    await p.run('alter publication supabase_realtime add table public.todos;')
    await p.run('alter publication supabase_realtime add table notes, later;')
    expect(await published()).toEqual(['later', 'notes', 'todos'])
    await p.run('alter publication supabase_realtime drop table public.later;')
    await p.run('alter publication supabase_realtime set table public.todos, public.notes;')
    expect(await published()).toEqual(['notes', 'todos'])
    // What Database → Publications reads and runs, through the same route.
    const listed = await query(PUBLICATIONS_SQL)
    expect((listed.body as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({ name: 'supabase_realtime', owner: `project_${p.ref}`, all_tables: false, insert: true, update: true, delete: true, truncate: true, table_count: 2 }),
    ])
    await p.run(setPublicationTableSql('supabase_realtime', { schema: 'public', name: 'notes' }, false))
    await p.run(setPublicationTableSql('supabase_realtime', { schema: 'public', name: 'notes' }, true))
    expect(await published()).toEqual(['notes', 'todos'])
  })

  it('comes back (empty, owned by the owner role) when a database without it is opened, as older databases are', async () => {
    await p.run('drop publication supabase_realtime;')
    const { closeProjectDatabase } = await import('@/server/projects/database-cache')
    await closeProjectDatabase(p.ref)
    const res = await query(`select pubowner::regrole::text as owner from pg_publication where pubname = 'supabase_realtime'`)
    expect((res.body as { rows: unknown[] }).rows).toEqual([{ owner: `project_${p.ref}` }])
    await p.run('alter publication supabase_realtime add table public.todos, public.notes;')
    expect(await published()).toEqual(['notes', 'todos'])
  })

  it('joins a table it does not publish with an error in a system message, and sends nothing even once it is added', async () => {
    const refused = await follow('not-published', 'later')
    await eventually(() => expect(refused.system).toEqual([expect.objectContaining({ status: 'error', extension: 'postgres_changes', channel: 'not-published' })]))
    expect(refused.system[0].message).toBe(
      'Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: *, schema: public, table: later, filters: []]'
    )
    await p.run('insert into public.later values (1, \'before\')')
    await p.run('alter publication supabase_realtime add table public.later;')
    // A new subscription sees it now; the refused one stays refused (Supabase: subscribe again).
    const fresh = await follow('published-now', 'later')
    await eventually(() => expect(fresh.system.map((s) => s.status)).toEqual(['ok']))
    await p.run('insert into public.later values (2, \'after\')')
    await eventually(() => expect(fresh.rows).toEqual([{ id: 2, body: 'after' }]))
    expect(refused.rows).toEqual([])
    await p.run('alter publication supabase_realtime drop table public.later;')
  })

  it('stops a subscribed table\'s changes as soon as it leaves the publication, and tells the subscriber', async () => {
    const todos = await follow('todos', 'todos')
    const notes = await follow('notes', 'notes')
    expect(todos.system.map((s) => s.message)).toEqual(['Subscribed to PostgreSQL'])
    await p.run('insert into public.todos (id, task) values (1, \'streamed\')')
    await eventually(() => expect(todos.rows).toEqual([{ id: 1, task: 'streamed', owner: null }]))
    // Removed and written in one script: the write is no longer published.
    await p.run(`alter publication supabase_realtime drop table public.todos;
      insert into public.todos (id, task) values (2, 'not streamed');`)
    await p.run('insert into public.notes values (1, \'after the todo\')')
    await eventually(() => expect(notes.rows).toEqual([{ id: 1, body: 'after the todo' }])) // changes arrive in order
    await eventually(() => expect(todos.system.map((s) => s.status)).toEqual(['ok', 'error']))
    expect(todos.system[1].message).toMatch(/^Unable to subscribe to changes with given parameters.*table: todos/)
    expect(notes.system.map((s) => s.status)).toEqual(['ok', 'ok']) // subscribed again, still published
    await p.run('alter publication supabase_realtime add table public.todos;')
    await p.run('insert into public.todos (id, task) values (3, \'published again\'); insert into public.notes values (2, \'after\');')
    await eventually(() => expect(notes.rows).toHaveLength(2))
    expect(todos.rows).toHaveLength(1) // dropped until it subscribes again
  })

  it('streams only the operations the publication publishes, and row level security still decides who gets a row', async () => {
    const asService = await follow('ops-service', 'todos')
    const asAnon = await follow('ops-anon', 'todos', { key: p.keys.anon })
    await p.run(`alter publication supabase_realtime set (publish = 'insert, delete');
      insert into public.todos (id, task, owner) values (10, 'owned', gen_random_uuid());
      insert into public.todos (id, task) values (11, 'ownerless');`)
    // A row is read when its change is delivered: the inserts are seen before the row goes.
    await eventually(() => expect(asService.types).toEqual(['todos:INSERT', 'todos:INSERT']))
    await eventually(() => expect(asAnon.rows.map((r) => r.id)).toEqual([11]))
    await p.run(`update public.todos set task = 'changed' where id = 11;
      delete from public.todos where id = 10;`)
    await eventually(() => expect(asService.types).toEqual(['todos:INSERT', 'todos:INSERT', 'todos:DELETE']))
    // anon: the owner-less row only (its policy), and the delete (the table is readable to it).
    await eventually(() => expect(asAnon.types).toEqual(['todos:INSERT', 'todos:DELETE']))
    expect(asAnon.rows).toEqual([{ id: 11, task: 'ownerless', owner: null }, { id: 10 }])
    await p.run(`alter publication supabase_realtime set (publish = 'insert, update, delete, truncate');
      update public.todos set task = 'seen' where id = 11;`)
    await eventually(() => expect(asService.types.at(-1)).toBe('todos:UPDATE'))
  })

  it('takes up newly published tables of a `*` subscription without subscribing again', async () => {
    await p.run('create table public.brand_new (id bigint primary key, v text); grant select on public.brand_new to anon;')
    const all = await follow('whole-schema', '*')
    await p.run('insert into public.brand_new values (1, \'unpublished\'); insert into public.notes values (20, \'published\');')
    await eventually(() => expect(all.types).toEqual(['notes:INSERT']))
    await p.run('alter publication supabase_realtime add table public.brand_new;')
    await eventually(() => expect(all.system.map((s) => s.status)).toEqual(['ok', 'ok']))
    await p.run('insert into public.brand_new values (2, \'published now\');')
    await eventually(() => expect(all.types).toEqual(['notes:INSERT', 'brand_new:INSERT']))
    expect(all.rows[1]).toEqual({ id: 2, v: 'published now' })
  })

  it('lets a member publish only what Postgres lets the owner role: no FOR ALL TABLES, schemas, auth\'s tables or another database\'s', async () => {
    const refused = async (text: string, code: string, message: RegExp) => {
      const res = await query(text)
      expect(res.status, text).toBe(400)
      expect((res.body as { code?: string }).code, text).toBe(code)
      expect((res.body as { message: string }).message, text).toMatch(message)
    }
    await refused('create publication everything for all tables', '42501', /superuser/)
    await refused('alter publication supabase_realtime add tables in schema public', '42501', /superuser/)
    await refused('alter publication supabase_realtime add table auth.users', '42501', /must be owner/)
    await refused('alter publication supabase_realtime add table platform_jail.type_names', '42501', /permission denied for schema platform_jail/)
    await refused('alter publication supabase_realtime add table other_project.public.todos', '0A000', /cross-database references are not implemented/)
    expect(await published()).not.toContain('users')
    // Even a published auth table would not stream: its schema is never followed.
    await expect(subscribed(client().channel('auth-users').on('postgres_changes', { event: '*', schema: 'auth', table: 'users' }, () => {}))).rejects.toThrow(/cannot be followed/)
    // Its own tables anywhere, storage's too: row level security decides who gets their rows.
    await p.run('alter publication supabase_realtime add table storage.objects; alter publication supabase_realtime drop table storage.objects;')
    // Other publications change nothing realtime does.
    await p.run('create publication mine for table public.later; drop publication mine;')
  })

  it.skipIf(!usePostgres)('tells subscribers on another instance of a change made through this one', async () => {
    const peer = await p.platform.startPeer()
    try {
      await p.run('create table public.across (id bigint primary key); grant select on public.across to anon;')
      const there = await follow('across', '*', { base: `${peer.projectUrl(p.ref)}` })
      await p.run('alter publication supabase_realtime add table public.across;')
      await eventually(() => expect(there.system.map((s) => s.status)).toEqual(['ok', 'ok']), 15_000)
      await p.run('insert into public.across values (1)')
      await eventually(() => expect(there.types).toContain('across:INSERT'))
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()))
      await peer.close()
    }
  }, 60_000)
})
