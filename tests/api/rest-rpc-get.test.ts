import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * `rpc/{function}` as PostgREST 13 answers it: by GET with its arguments as query parameters
 * (arrays as `{a,b}`, an argument with a default left out), a function returning void (204 without
 * a body), and counts (`Prefer: count=exact`) on a value and on rows.
 */
describe('the project REST API: functions by GET, void, and counted', () => {
  let p: RestProject
  const call = (path: string, init: RequestInit = {}) =>
    p.rest(path, { ...init, headers: { apikey: p.keys.service_role, 'Content-Type': 'application/json', ...init.headers } })

  beforeAll(async () => {
    p = await startRestProject('Rpc get')
    await p.run(`create table public.nums (n int primary key);
      insert into public.nums select generate_series(1, 5);
      create function public.greet(who text default 'world', punct text default '!') returns text language sql immutable as 'select ''hi '' || who || punct';
      create function public.count_ids(ids uuid[]) returns int language sql immutable as 'select cardinality(ids)';
      create function public.nothing(ids uuid[]) returns void language sql as '';
      create function public.nums_from(m int) returns setof public.nums language sql stable as 'select * from public.nums where n >= m';`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('calls by GET with arguments left to their defaults, and array arguments', async () => {
    expect(await (await call('rpc/greet')).json()).toBe('hi world!')
    expect(await (await call('rpc/greet?who=you')).json()).toBe('hi you!')
    expect(await (await call('rpc/greet?punct=%3F')).json()).toBe('hi world?')
    const ids = '{00000000-0000-0000-0000-000000000000,00000000-0000-0000-0000-000000000001}'
    expect(await (await call(`rpc/count_ids?ids=${encodeURIComponent(ids)}`)).json()).toBe(2)
    const missing = await call('rpc/count_ids')
    expect(missing.status).toBe(404)
    expect((await missing.json()).code).toBe('PGRST202')
  })

  it('answers a function returning void 204 without a body, by GET and POST', async () => {
    const get = await call(`rpc/nothing?ids=${encodeURIComponent('{00000000-0000-0000-0000-000000000000}')}`)
    expect([get.status, await get.text()]).toEqual([204, ''])
    const post = await call('rpc/nothing', { method: 'POST', body: JSON.stringify({ ids: ['00000000-0000-0000-0000-000000000000'] }) })
    expect([post.status, await post.text()]).toEqual([204, ''])
  })

  it('counts a value as one row and rows as the filters keep them, by POST, GET and HEAD', async () => {
    const counted = { Prefer: 'count=exact' }
    const value = await call('rpc/greet', { method: 'POST', body: '{}', headers: counted })
    expect([value.status, value.headers.get('content-range'), await value.json()]).toEqual([200, '0-0/1', 'hi world!'])
    const head = await call('rpc/greet?who=x', { method: 'HEAD', headers: counted })
    expect([head.status, head.headers.get('content-range')]).toEqual([200, '0-0/1'])
    const rows = await call('rpc/nums_from?m=2&n=lt.5&limit=2&order=n', { headers: counted })
    expect([rows.status, rows.headers.get('content-range'), await rows.json()]).toEqual([206, '0-1/3', [{ n: 2 }, { n: 3 }]])
    const uncounted = await call('rpc/nums_from?m=4')
    expect(uncounted.headers.get('content-range')).toBe('0-1/*')
  })
})
