import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 12: the project's REST API (`{endpoint}/rest/v1`) driven by the real supabase-js, as an
 * app would: anon and service keys from the platform, a table with row level security made
 * through pg-meta, reads with filters, order, range and count, writes, and PostgREST's errors.
 */

// Node 20 has no WebSocket; realtime is not used here, so any constructor stands in for it.
class NoWebSocket {}

describe('the project REST API with supabase-js', () => {
  let platform: TestPlatform
  let owner: { token: string }
  let ref: string
  let keys: Record<string, string>
  let anon: SupabaseClient
  let service: SupabaseClient
  const client = (key: string) =>
    createClient(`${platform.projectUrl(ref)}`, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: NoWebSocket as never },
    })
  const rest = (path: string, init: RequestInit = {}) => fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, init)

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const user = await platform.createUser()
    owner = user
    const org = await createOrg('pro', [[user.id, 'Owner']])
    ref = (await createActiveProject(platform, user.token, org.slug, 'Rest')).ref
    const made = await sql(platform, user.token, ref, `create table public.todos (id bigint primary key, title text not null, done boolean not null default false, tags text[] not null default '{}');
      alter table public.todos enable row level security;
      create policy anon_reads_done on public.todos for select to anon using (done);
      insert into public.todos (id, title, done, tags) values
        (1, 'buy milk', true, '{home}'), (2, 'write report', false, '{work}'), (3, 'call mum', true, '{home,family}'),
        (4, 'fix bike', false, '{home}'), (5, 'plan trip', true, '{family}');
      create table public.guestbook (id serial primary key, line text not null);
      alter table public.guestbook enable row level security;
      create policy anon_signs on public.guestbook for insert to anon with check (true);
      create table public.notes (id serial primary key, todo_id bigint not null references public.todos (id), body text not null);
      alter table public.notes enable row level security;
      create policy anon_reads_short on public.notes for select to anon using (length(body) < 5);
      insert into public.notes (todo_id, body) values (1, 'oat'), (1, 'two litres'), (3, 'sunday');
      create function public.add_them(a integer, b integer) returns integer language sql immutable as 'select a + b';
      create function public.todos_from(min_id bigint) returns setof public.todos language sql stable as 'select * from public.todos where id >= min_id';
      create function public.todo_ids() returns setof bigint language sql stable as 'select id from public.todos order by id';`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: user.token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    anon = client(keys.anon)
    service = client(keys.service_role)
  })
  afterAll(async () => platform?.close())

  it('answers the CORS preflight and refuses a request without a valid key', async () => {
    const preflight = await rest('todos', { method: 'OPTIONS', headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'GET' } })
    expect(preflight.status).toBe(200)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const missing = await rest('todos')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ message: 'Invalid API key' })
    const forged = await client(`${keys.anon.slice(0, -4)}AAAA`).from('todos').select('id')
    expect(forged.status).toBe(401)
    expect(forged.error?.message).toBe('Invalid API key')
  })

  it('lets row level security decide: anon sees only what its policy allows, service_role all', async () => {
    const seen = await anon.from('todos').select('id,title').order('id')
    expect(seen.error).toBeNull()
    expect(seen.data).toEqual([{ id: 1, title: 'buy milk' }, { id: 3, title: 'call mum' }, { id: 5, title: 'plan trip' }])
    const all = await service.from('todos').select('id').order('id')
    expect(all.data).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })))
    const raw = await rest('todos?select=id&id=eq.1', { headers: { apikey: keys.anon } })
    expect(raw.headers.get('access-control-allow-origin')).toBe('*')
    expect(raw.headers.get('content-range')).toBe('0-0/*')
  })

  it('filters, orders and pages as Postgres says, with exact counts', async () => {
    const ids = (r: { data: { id: number }[] | null; error: unknown }) => (expect(r.error).toBeNull(), r.data!.map((row) => row.id))
    expect(ids(await service.from('todos').select('id').eq('done', false).order('id'))).toEqual([2, 4])
    expect(ids(await service.from('todos').select('id').gt('id', 3).order('id', { ascending: false }))).toEqual([5, 4])
    expect(ids(await service.from('todos').select('id').in('id', [1, 4, 9]).order('id'))).toEqual([1, 4])
    expect(ids(await service.from('todos').select('id').or('id.eq.2,title.ilike.*trip*').order('id'))).toEqual([2, 5])
    expect(ids(await service.from('todos').select('id').contains('tags', ['home']).order('id'))).toEqual([1, 3, 4])
    expect(ids(await service.from('todos').select('id').not('title', 'like', '*i*').order('id'))).toEqual([3])
    const page = await service.from('todos').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(page.error).toBeNull()
    expect(page).toMatchObject({ status: 206, count: 5, data: [{ id: 2 }, { id: 3 }] })
    const counted = await anon.from('todos').select('*', { count: 'exact', head: true })
    expect(counted).toMatchObject({ status: 200, count: 3 })
    const renamed = await service.from('todos').select('name:title,id::text').eq('id', 2)
    expect(renamed.data).toEqual([{ name: 'write report', id: '2' }])
  })

  it('embeds related rows through foreign keys, both ways, under row level security', async () => {
    const many = await service.from('todos').select('id, notes(body)').in('id', [1, 2]).order('id')
    expect(many.error).toBeNull()
    expect(many.data).toEqual([{ id: 1, notes: [{ body: 'oat' }, { body: 'two litres' }] }, { id: 2, notes: [] }])
    const one = await service.from('notes').select('body, todo:todos(title)').eq('id', 3)
    expect(one.data).toEqual([{ body: 'sunday', todo: { title: 'call mum' } }])
    const filtered = await service.from('todos').select('id, notes(body)').eq('id', 1).eq('notes.body', 'two litres')
    expect(filtered.data).toEqual([{ id: 1, notes: [{ body: 'two litres' }] }])
    const asAnon = await anon.from('todos').select('id, notes(*)').eq('id', 1)
    expect(asAnon.data).toEqual([{ id: 1, notes: [{ id: 1, todo_id: 1, body: 'oat' }] }])
    const inner = await service.from('todos').select('id, notes!inner(body)', { count: 'exact' }).eq('notes.body', 'sunday')
    expect(inner).toMatchObject({ count: 1, data: [{ id: 3, notes: [{ body: 'sunday' }] }] })
    const stray = await service.from('todos').select('id').eq('notes.body', 'x')
    expect(stray.error).toMatchObject({ code: 'PGRST108' })
  })

  it('orders and pages embedded rows, and spreads a many-to-one (values) or a one-to-many (arrays) into its parent', async () => {
    const ordered = await service.from('todos').select('id, notes(body)').eq('id', 1).order('body', { referencedTable: 'notes', ascending: false })
    expect(ordered.data).toEqual([{ id: 1, notes: [{ body: 'two litres' }, { body: 'oat' }] }])
    const paged = await service.from('todos').select('id, notes(body)').eq('id', 1).order('body', { referencedTable: 'notes' }).limit(1, { referencedTable: 'notes' })
    expect(paged.data).toEqual([{ id: 1, notes: [{ body: 'oat' }] }])
    const offset = await rest('todos?select=id,notes(body)&id=eq.1&notes.order=body&notes.offset=1', { headers: { apikey: keys.service_role } })
    expect(await offset.json()).toEqual([{ id: 1, notes: [{ body: 'two litres' }] }])
    const spread = await service.from('notes').select('body, ...todos(title, done)').order('id')
    expect(spread.error).toBeNull()
    expect(spread.data).toEqual([
      { body: 'oat', title: 'buy milk', done: true },
      { body: 'two litres', title: 'buy milk', done: true },
      { body: 'sunday', title: 'call mum', done: true },
    ])
    // A to-many spread lifts arrays of the embedded values (PostgREST 13).
    const toMany = await service.from('todos').select('id, ...notes(body)').lte('id', 3).order('id').order('id', { referencedTable: 'notes' })
    expect(toMany.data).toEqual([{ id: 1, body: ['oat', 'two litres'] }, { id: 2, body: [] }, { id: 3, body: ['sunday'] }])
    const strayOrder = await rest('todos?select=id&notes.order=body', { headers: { apikey: keys.service_role } })
    expect(strayOrder.status).toBe(400)
    expect(await strayOrder.json()).toMatchObject({ code: 'PGRST108' })
  })

  it('calls functions with rpc: a value, or rows the caller may see, filtered and ordered', async () => {
    const sum = await anon.rpc('add_them', { a: 2, b: 3 })
    expect(sum).toMatchObject({ status: 200, data: 5, error: null })
    const all = await service.rpc('todos_from', { min_id: 2 }).select('id').order('id')
    expect(all.data).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }])
    const seen = await anon.rpc('todos_from', { min_id: 2 }).select('id').order('id', { ascending: false })
    expect(seen.data).toEqual([{ id: 5 }, { id: 3 }])
    const open = await service.rpc('todos_from', { min_id: 1 }).select('id').eq('done', false).order('id')
    expect(open.data).toEqual([{ id: 2 }, { id: 4 }])
    expect((await anon.rpc('todo_ids')).data).toEqual([1, 3, 5])
    // A function returning a table's rows embeds through the table's foreign keys, RLS deciding each side.
    const withNotes = await service.rpc('todos_from', { min_id: 3 }).select('id, notes(body)').order('id')
    expect(withNotes.data).toEqual([{ id: 3, notes: [{ body: 'sunday' }] }, { id: 4, notes: [] }, { id: 5, notes: [] }])
    const anonNotes = await anon.rpc('todos_from', { min_id: 1 }, { get: true }).select('id, notes(body)').lt('id', 3).order('id')
    expect(anonNotes.data).toEqual([{ id: 1, notes: [{ body: 'oat' }] }])
    expect((await anon.rpc('todo_ids').select('id, notes(body)')).error).toMatchObject({ code: 'PGRST200' })
    const missing = await anon.rpc('add_them', { a: 2 })
    expect(missing.status).toBe(404)
    expect(missing.error).toMatchObject({ code: 'PGRST202' })
  })

  it('calls functions by GET too: arguments as query parameters, the other parameters filter the rows', async () => {
    expect(await anon.rpc('add_them', { a: 4, b: 5 }, { get: true })).toMatchObject({ status: 200, data: 9, error: null })
    const open = await service.rpc('todos_from', { min_id: 1 }, { get: true }).select('id').eq('done', false).order('id')
    expect(open.data).toEqual([{ id: 2 }, { id: 4 }])
    const counted = await service.rpc('todos_from', { min_id: 3 }, { get: true, count: 'exact', head: true })
    expect(counted).toMatchObject({ status: 200, data: null })
    const missing = await anon.rpc('add_them', { a: 1, c: 2 }, { get: true })
    expect(missing.error).toMatchObject({ code: 'PGRST202' })
    const put = await rest('rpc/add_them', { method: 'PUT', headers: { apikey: keys.anon } })
    expect(put.status).toBe(405)
  })

  it('answers one object with .single(), and 406 PGRST116 when the rows are not one', async () => {
    const one = await anon.from('todos').select('title').eq('id', 3).single()
    expect(one.data).toEqual({ title: 'call mum' })
    const hidden = await anon.from('todos').select('title').eq('id', 2).single()
    expect(hidden.status).toBe(406)
    expect(hidden.error).toMatchObject({ code: 'PGRST116' })
  })

  it('inserts, upserts, updates and deletes, returning the rows with .select()', async () => {
    // Without `defaultToNull: false` a key one object lacks is NULL, as in PostgREST: here, a not-null violation.
    const nulls = await service.from('todos').insert([{ id: 10, title: 'ten' }, { id: 11, title: 'eleven', done: true }])
    expect(nulls.error).toMatchObject({ code: '23502' })
    const rows = [{ id: 10, title: 'ten' }, { id: 11, title: 'eleven', done: true }]
    const inserted = await service.from('todos').insert(rows, { defaultToNull: false }).select('id,title,done')
    expect(inserted.error).toBeNull()
    expect(inserted.status).toBe(201)
    expect(inserted.data).toEqual([{ id: 10, title: 'ten', done: false }, { id: 11, title: 'eleven', done: true }])
    const duplicate = await service.from('todos').insert({ id: 10, title: 'again' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error).toMatchObject({ code: '23505' })
    const upserted = await service.from('todos').upsert({ id: 10, title: 'ten, renamed' }, { onConflict: 'id' }).select('id,title')
    expect(upserted.data).toEqual([{ id: 10, title: 'ten, renamed' }])
    const ignored = await service.from('todos').upsert({ id: 10, title: 'not this' }, { onConflict: 'id', ignoreDuplicates: true }).select('id')
    expect(ignored.data).toEqual([])
    const updated = await service.from('todos').update({ done: true }).eq('id', 10).select('id,done')
    expect(updated.data).toEqual([{ id: 10, done: true }])
    const deleted = await service.from('todos').delete().in('id', [10, 11]).select('id')
    expect(deleted.data).toEqual([{ id: 10 }, { id: 11 }])
    const left = await service.from('todos').select('id', { count: 'exact', head: true })
    expect(left.count).toBe(5)
  })

  it('filters and shapes the embedded rows of a write as a read does, and inserts rows of defaults from empty objects', async () => {
    const written = await service.from('notes').insert({ todo_id: 5, body: 'tickets' }).select('body, todos(id, title)').eq('todos.title', 'no such title')
    expect(written.error).toBeNull()
    expect(written.data).toEqual([{ body: 'tickets', todos: null }])
    const updated = await service.from('todos').update({ title: 'plan the trip' }).eq('id', 5).select('id, notes(body)').eq('notes.body', 'tickets')
    expect(updated.data).toEqual([{ id: 5, notes: [{ body: 'tickets' }] }])
    const paged = await rest('todos?id=eq.1&select=id,notes(body)&notes.order=body.desc&notes.limit=1', {
      method: 'PATCH',
      headers: { apikey: keys.service_role, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ done: true }),
    })
    expect(await paged.json()).toEqual([{ id: 1, notes: [{ body: 'two litres' }] }])
    const minimal = await rest('todos?id=eq.1&notes.body=eq.oat', {
      method: 'PATCH',
      headers: { apikey: keys.service_role, 'Content-Type': 'application/json' },
      body: JSON.stringify({ done: true }),
    })
    expect(minimal.status).toBe(400)
    expect(await minimal.json()).toMatchObject({ code: 'PGRST108' })
    await service.from('notes').delete().eq('body', 'tickets')
    await service.from('todos').update({ title: 'plan trip' }).eq('id', 5)

    const made = await sql(platform, owner.token, ref, `create table public.visits (id serial primary key, at timestamptz not null default now(), kind text not null default 'walk-in');
      alter table public.visits enable row level security;
      create policy anon_visits on public.visits for insert to anon with check (true);`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const visits = await anon.from('visits').insert([{}, {}, {}])
    expect(visits.error).toBeNull()
    expect(visits.status).toBe(201)
    const one = await service.from('visits').insert({}).select('id, kind')
    expect(one.data).toEqual([{ id: 4, kind: 'walk-in' }])
    const all = await service.from('visits').select('id, kind').order('id')
    expect(all.data).toEqual([1, 2, 3, 4].map((id) => ({ id, kind: 'walk-in' })))
  })

  it('refuses what row level security or the grammar does not allow, in PostgREST shape', async () => {
    const refused = await anon.from('todos').insert({ id: 20, title: 'sneaky' })
    expect(refused.status).toBe(401)
    expect(refused.error).toMatchObject({ code: '42501' })
    const bad = await rest('todos?id=eq', { headers: { apikey: keys.anon } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 'PGRST100' })
    const unknown = await anon.from('nope').select('*')
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({ code: '42P01', message: 'relation "public.nope" does not exist' })
    const unrelated = await anon.from('todos').select('id, owner(*)')
    expect(unrelated.status).toBe(400)
    expect(unrelated.error).toMatchObject({ code: 'PGRST200' })
    const badValue = await anon.from('todos').select('id').eq('id', 'x')
    expect(badValue.status).toBe(400)
    expect(badValue.error).toMatchObject({ code: '22P02' })
  })

  it('lets anon write where only an insert policy allows it, as long as it asks for no rows back', async () => {
    const minimal = await anon.from('guestbook').insert({ line: 'hello' })
    expect(minimal.error).toBeNull()
    expect(minimal.status).toBe(201)
    const back = await anon.from('guestbook').insert({ line: 'and show me' }).select()
    expect(back.status).toBe(401)
    expect(back.error).toMatchObject({ code: '42501' })
    const lines = await service.from('guestbook').select('line')
    expect(lines.data).toEqual([{ line: 'hello' }])
    const patched = await service.from('guestbook').update({ line: 'hello!' }).eq('line', 'hello')
    expect(patched.status).toBe(204)
    const broken = await rest('guestbook', { method: 'POST', headers: { apikey: keys.service_role, 'Content-Type': 'application/json' }, body: '{"line":' })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ code: 'PGRST102' })
  })

  it('stops taking a key once the keys are rotated', async () => {
    const rotated = await platform.request(`/platform/projects/${ref}/api-keys/rotate`, { method: 'POST', token: owner.token })
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200)
    const old = await anon.from('todos').select('id')
    expect(old.status).toBe(401)
    const fresh = (rotated.body.api_keys as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!
    const renewed = await client(fresh.api_key).from('todos').select('id').order('id')
    expect(renewed.data).toEqual([{ id: 1 }, { id: 3 }, { id: 5 }])
  })
})
