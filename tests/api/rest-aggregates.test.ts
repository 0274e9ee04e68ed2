import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 24: aggregates and spreads in the project REST API's `select`, as PostgREST 13 serves them
 * with aggregates on: `count()`, `col.sum()` and friends with aliases and casts, grouped by the
 * other selected columns, inside embedded resources (`rel(count)`), spreads of to-one and to-many
 * relationships, Postgres's own errors naming PostgREST's aliases, and row level security deciding
 * what is aggregated (the request's role runs it).
 */
describe('aggregates and spreads in the REST select', () => {
  let platform: TestPlatform
  let ref: string
  let keys: Record<string, string>
  const get = async (path: string, key = keys.service_role, headers: Record<string, string> = {}) => {
    const res = await fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, { headers: { apikey: key, authorization: `Bearer ${key}`, ...headers } })
    return { status: res.status, body: await res.json(), headers: res.headers }
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const user = await platform.createUser()
    const org = await createOrg('pro', [[user.id, 'Owner']])
    ref = (await createActiveProject(platform, user.token, org.slug, 'Aggregates')).ref
    const made = await sql(platform, user.token, ref, `
      create table public.users (username text primary key, status text not null);
      create table public.channel_details (id bigint primary key, details text);
      create table public.channels (id bigint primary key, slug text not null, details_id bigint references public.channel_details (id));
      create table public.messages (id bigint primary key, message text not null, channel_id bigint not null references public.channels (id),
        username text not null references public.users (username), score int not null);
      insert into public.users values ('ann', 'ONLINE'), ('bob', 'OFFLINE'), ('cid', 'ONLINE');
      insert into public.channel_details values (1, 'Public talk'), (2, 'Anything');
      insert into public.channels values (1, 'public', 1), (2, 'random', 2), (3, 'quiet', null);
      insert into public.messages values (1, 'hi', 1, 'ann', 5), (2, 'yo', 2, 'ann', 3), (3, 'hey', 1, 'bob', 4), (4, 'ok', 3, 'ann', 1);
      alter table public.messages enable row level security;
      create policy anon_reads_ann on public.messages for select to anon using (username = 'ann');
      grant select on all tables in schema public to anon;
      create function public.users_named(prefix text) returns setof public.users language sql stable as
        'select * from public.users where username like prefix || ''%''';`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: user.token })
    keys = Object.fromEntries((res.body as { name: string; api_key: string }[]).map((k) => [k.name, k.api_key]))
    owner = user.token
    expect((await get('messages?select=count()')).body).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' })
    await setAggregates(true)
  })
  afterAll(async () => platform?.close())

  let owner: string
  const setAggregates = async (on: boolean) => {
    const res = await platform.request(`/platform/projects/${ref}/config/postgrest`, { method: 'PATCH', token: owner, body: { db_aggregates_enabled: on } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }

  it('refuses aggregates while the Data API setting is off (the default), on every instance within the settings cache', async () => {
    await setAggregates(false)
    try {
      const res = await get('messages?select=username,count()')
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' })
      expect((await get('messages?select=username&limit=1')).status).toBe(200) // the rest of the API is unchanged
    } finally {
      await setAggregates(true)
    }
    expect((await get('messages?select=count()')).body).toEqual([{ count: 4 }])
  })

  it('aggregates the whole table, or grouped by the other columns, with aliases and casts', async () => {
    expect((await get('messages?select=count(),score.sum(),score.avg(),score.max(),score.min()')).body)
      .toEqual([{ count: 4, sum: 13, avg: 3.25, max: 5, min: 1 }])
    const grouped = await get('messages?select=username,n:count()::text,total:score.sum()&order=username')
    expect(grouped.status).toBe(200)
    expect(grouped.body).toEqual([{ username: 'ann', n: '3', total: 9 }, { username: 'bob', n: '1', total: 4 }])
    expect((await get('messages?select=username,score::text.max()&username=eq.bob')).body).toEqual([{ username: 'bob', max: '4' }])
  })

  it('counts the groups when the total is asked, and pages the groups', async () => {
    const res = await get('messages?select=channel_id,count()&order=channel_id&limit=1', keys.service_role, { Prefer: 'count=exact' })
    expect(res.body).toEqual([{ channel_id: 1, count: 2 }])
    expect(res.headers.get('content-range')).toBe('0-0/3')
  })

  it('aggregates embedded rows per parent: rel(count), rel(col.sum()), aliased and nested', async () => {
    const res = await get('users?select=username,messages(count),sums:messages(s:score.sum())&order=username')
    expect(res.body).toEqual([
      { username: 'ann', messages: [{ count: 3 }], sums: [{ s: 9 }] },
      { username: 'bob', messages: [{ count: 1 }], sums: [{ s: 4 }] },
      { username: 'cid', messages: [{ count: 0 }], sums: [{ s: null }] },
    ])
    const nested = await get('messages?select=id,channels(count())&order=id&limit=2')
    expect(nested.body).toEqual([{ id: 1, channels: { count: 1 } }, { id: 2, channels: { count: 1 } }])
    const groupedEmbed = await get('users?select=username,messages(channel_id,count())&username=eq.ann&messages.order=channel_id')
    expect(groupedEmbed.body).toEqual([{ username: 'ann', messages: [{ channel_id: 1, count: 1 }, { channel_id: 2, count: 1 }, { channel_id: 3, count: 1 }] }])
  })

  it('groups by an embedded resource and by a spread column', async () => {
    const byUser = await get('messages?select=count(),users(status)&order=count')
    expect(byUser.status).toBe(200)
    expect(byUser.body).toEqual([{ count: 1, users: { status: 'OFFLINE' } }, { count: 3, users: { status: 'ONLINE' } }])
    const spread = await get('messages?select=n:count(),...channels(slug)')
    expect(spread.status).toBe(200)
    const bySlug = (spread.body as { slug: string }[]).sort((a, b) => a.slug.localeCompare(b.slug))
    expect(bySlug).toEqual([{ n: 2, slug: 'public' }, { n: 1, slug: 'quiet' }, { n: 1, slug: 'random' }])
  })

  it('spreads to-one relations, nested and with aggregates over the parent\'s rows, and to-many relations as arrays', async () => {
    expect((await get('messages?select=id,channels(id,...channel_details(details_id:id,details))&id=eq.4')).body)
      .toEqual([{ id: 4, channels: { id: 3, details_id: null, details: null } }])
    expect((await get('users?select=username,messages(channels(count(),...channel_details(details)))&username=eq.bob')).body)
      .toEqual([{ username: 'bob', messages: [{ channels: { count: 1, details: 'Public talk' } }] }])
    expect((await get('messages?select=channels(id.sum(),...channel_details(details_sum:id.sum(),details))&order=id')).body).toEqual([
      { channels: { sum: 1, details_sum: 1, details: 'Public talk' } }, { channels: { sum: 2, details_sum: 2, details: 'Anything' } },
      { channels: { sum: 1, details_sum: 1, details: 'Public talk' } }, { channels: { sum: 3, details_sum: null, details: null } },
    ])
    expect((await get('messages?select=id,...channels(slug,...channel_details(details))&id=in.(1,4)&order=id')).body)
      .toEqual([{ id: 1, slug: 'public', details: 'Public talk' }, { id: 4, slug: 'quiet', details: null }])
    const hoisted = await get('messages?select=username,...channels(n:count(),ids:id.sum())&order=username')
    expect(hoisted.body).toEqual([{ username: 'ann', n: 3, ids: 6 }, { username: 'bob', n: 1, ids: 1 }]) // the parent's rows, grouped
    expect((await get('messages?select=...channels(id.sum())')).body).toEqual([{ sum: 7 }])
    expect((await get('channels?select=...channel_details(with_details:count())')).body).toEqual([{ with_details: 2 }])
    const many = await get('channels?select=channel_id:id,...messages(id,message)&order=id&messages.order=id.desc')
    expect(many.body).toEqual([
      { channel_id: 1, id: [3, 1], message: ['hey', 'hi'] },
      { channel_id: 2, id: [2], message: ['yo'] },
      { channel_id: 3, id: [4], message: ['ok'] },
    ])
    const empty = await get('channels?select=id,...messages(message)&messages.username=eq.cid&id=eq.1')
    expect(empty.body).toEqual([{ id: 1, message: [] }])
  })

  it('answers as PostgREST: missing columns by their alias, bad functions, aggregates in a to-many spread', async () => {
    expect(await get('users?select=alias:missing.count()')).toMatchObject({ status: 400, body: { code: '42703', message: 'column users.missing does not exist' } })
    expect(await get('users?select=username,messages(sum)')).toMatchObject({ status: 400, body: { code: '42703', message: 'column messages_1.sum does not exist' } })
    expect(await get('messages?select=users.count()')).toMatchObject({ status: 400, body: { code: '42703', message: 'column messages.users does not exist' } })
    expect((await get('users?select=username.total()')).body).toMatchObject({ code: 'PGRST100' })
    expect((await get('channels?select=id,...messages(count())')).body).toEqual({
      code: 'PGRST127', message: 'Feature not implemented', details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.', hint: null,
    })
  })

  it('lets row level security decide what is aggregated: anon counts only the rows it may read', async () => {
    expect((await get('messages?select=count(),score.sum()', keys.anon)).body).toEqual([{ count: 3, sum: 9 }])
    expect((await get('users?select=username,messages(count)&order=username', keys.anon)).body)
      .toEqual([{ username: 'ann', messages: [{ count: 3 }] }, { username: 'bob', messages: [{ count: 0 }] }, { username: 'cid', messages: [{ count: 0 }] }])
  })

  it("aggregates a function's rows, grouped", async () => {
    const res = await fetch(`${platform.projectUrl(ref)}/rest/v1/rpc/users_named?select=username.count(),status&order=status`, {
      method: 'POST', headers: { apikey: keys.service_role, authorization: `Bearer ${keys.service_role}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([{ count: 1, status: 'OFFLINE' }, { count: 2, status: 'ONLINE' }])
  })
})
