import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * The project REST API's `Prefer` header beyond `return`/`count`, as PostgREST 13 answers it:
 * `tx=rollback` within the project's db_tx_end, `max-affected` with `handling=strict`,
 * `missing=default` on bulk inserts and upserts, and an upsert's status and row.
 */
describe('the project REST API: Prefer tx, max-affected, missing and upserts', () => {
  let p: RestProject
  const config = (body: unknown) => p.platform.request(`/platform/projects/${p.ref}/config/postgrest`, { method: 'PATCH', token: p.owner.token, body })
  const call = (path: string, init: RequestInit = {}) =>
    p.rest(path, { ...init, headers: { apikey: p.keys.service_role, 'Content-Type': 'application/json', ...init.headers } })
  const names = async () => ((await (await call('items?select=name&order=id')).json()) as { name: string }[]).map((r) => r.name)

  beforeAll(async () => {
    p = await startRestProject('Prefer')
    await p.run(`create table public.items (id serial primary key, name text unique, note text default 'none');
      insert into public.items (name) values ('a'), ('b'), ('c');
      create function public.rename_all(to_name text) returns setof public.items language sql as
        'update public.items set note = to_name returning *';
      create function public.one_note() returns text language sql as 'select note from public.items limit 1';`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('ignores tx=rollback under db_tx_end commit, and honours it once overrides are allowed', async () => {
    const kept = await call('items', { method: 'POST', body: JSON.stringify({ name: 'kept' }), headers: { Prefer: 'tx=rollback' } })
    expect(kept.status).toBe(201)
    expect(await names()).toEqual(['a', 'b', 'c', 'kept'])
    expect((await config({ db_tx_end: 'commit-allow-override' })).status).toBe(200)
    await expect.poll(async () => {
      const tried = await call('items?select=name', { method: 'POST', body: JSON.stringify({ name: 'tried' }), headers: { Prefer: 'tx=rollback,return=representation' } })
      return [tried.status, await tried.json(), tried.headers.get('preference-applied')]
    }, { timeout: 5_000 }).toEqual([201, [{ name: 'tried' }], 'return=representation, tx=rollback'])
    expect(await names()).toEqual(['a', 'b', 'c', 'kept'])
    const patched = await call('items?name=eq.a&select=name,note', { method: 'PATCH', body: JSON.stringify({ note: 'x' }), headers: { Prefer: 'tx=rollback,return=representation' } })
    expect(await patched.json()).toEqual([{ name: 'a', note: 'x' }])
    expect((await call('items', { method: 'DELETE', headers: { Prefer: 'tx=rollback' } })).status).toBe(204)
    const rpc = await call('rpc/rename_all', { method: 'POST', body: JSON.stringify({ to_name: 'gone' }), headers: { Prefer: 'tx=rollback' } })
    expect(rpc.status).toBe(200)
    expect(((await rpc.json()) as unknown[]).length).toBe(4)
    const after = (await (await call('items?select=note&order=id')).json()) as { note: string }[]
    expect(after.map((r) => r.note)).toEqual(['none', 'none', 'none', 'none'])
    expect(await names()).toEqual(['a', 'b', 'c', 'kept'])
  })

  it('rolls every request back under db_tx_end rollback unless one asks tx=commit with an override allowed', async () => {
    expect((await config({ db_tx_end: 'rollback' })).status).toBe(200)
    await expect.poll(async () => {
      await call('items', { method: 'POST', body: JSON.stringify({ name: 'never' }), headers: { Prefer: 'tx=commit' } })
      return names()
    }, { timeout: 5_000 }).toEqual(['a', 'b', 'c', 'kept'])
    expect((await config({ db_tx_end: 'rollback-allow-override' })).status).toBe(200)
    await expect.poll(async () => {
      await call('items?name=eq.committed', { method: 'DELETE' })
      await call('items', { method: 'POST', body: JSON.stringify({ name: 'committed' }), headers: { Prefer: 'tx=commit' } })
      return (await names()).includes('committed')
    }, { timeout: 5_000 }).toBe(true)
    expect((await config({ db_tx_end: 'commit-allow-override' })).status).toBe(200)
    await expect.poll(async () => {
      await call('items?name=eq.committed', { method: 'DELETE' })
      return names()
    }, { timeout: 5_000 }).toEqual(['a', 'b', 'c', 'kept'])
  })

  it('refuses an update, a delete or a function past a strict max-affected with PGRST124, changing nothing', async () => {
    const strict = { Prefer: 'handling=strict,max-affected=2' }
    const update = await call('items?id=gt.0', { method: 'PATCH', body: JSON.stringify({ note: 'many' }), headers: strict })
    expect(update.status).toBe(400)
    expect(await update.json()).toEqual({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 4 rows', hint: null })
    const remove = await call('items?id=gt.0', { method: 'DELETE', headers: strict })
    expect((await remove.json()).code).toBe('PGRST124')
    expect(await names()).toEqual(['a', 'b', 'c', 'kept'])
    const fn = await call('rpc/rename_all', { method: 'POST', body: JSON.stringify({ to_name: 'many' }), headers: strict })
    expect((await fn.json()).details).toBe('The query affects 4 rows')
    const scalar = await call('rpc/one_note', { method: 'POST', body: '{}', headers: strict })
    expect(await scalar.json()).toMatchObject({ code: 'PGRST128', message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict' })
    const within = await call('items?name=eq.a', { method: 'PATCH', body: JSON.stringify({ note: 'one' }), headers: strict })
    expect(within.status).toBe(204)
    const lenient = await call('items?id=gt.0', { method: 'PATCH', body: JSON.stringify({ note: 'none' }), headers: { Prefer: 'max-affected=1' } })
    expect(lenient.status).toBe(204)
    expect(((await (await call('items?select=note')).json()) as { note: string }[]).every((r) => r.note === 'none')).toBe(true)
  })

  it('fills missing keys with each column default, evaluated for every row, with missing=default', async () => {
    const insert = (rows: unknown[]) => call('items?select=id,name,note', {
      method: 'POST', body: JSON.stringify(rows), headers: { Prefer: 'missing=default,return=representation,tx=rollback' },
    })
    const [{ id: next }] = (await (await insert([{ name: 'v' }])).json()) as { id: number }[]
    const res = await insert([{ id: 100, name: 'x' }, { name: 'y', note: 'own' }])
    expect(res.status).toBe(201)
    // The sequence's default ran for the first row too (as PostgREST): the second row's id skips one.
    expect(await res.json()).toEqual([{ id: 100, name: 'x', note: 'none' }, { id: next + 2, name: 'y', note: 'own' }])
    const nulls = await call('items?select=note', { method: 'POST', body: JSON.stringify([{ name: 'z' }, { name: 'w', note: 'own' }]), headers: { Prefer: 'return=representation,tx=rollback' } })
    expect(await nulls.json()).toEqual([{ note: null }, { note: 'own' }])
  })

  it('answers an upsert that only updated 200 with its row, and one that inserted 201', async () => {
    const updated = await call('items?on_conflict=name&select=name,note', {
      method: 'POST', body: JSON.stringify({ name: 'a' }), headers: { Prefer: 'resolution=merge-duplicates,return=representation' },
    })
    expect([updated.status, await updated.json()]).toEqual([200, [{ name: 'a', note: 'none' }]])
    // Without an order the rows come as Postgres reads them: the updated row's new version last.
    const unordered = (await (await call('items?select=name')).json()) as { name: string }[]
    expect(unordered.map((r) => r.name)).toEqual(['b', 'c', 'kept', 'a'])
    const mixed = await call('items?on_conflict=name&select=name', {
      method: 'POST', body: JSON.stringify([{ name: 'a' }, { name: 'new' }]), headers: { Prefer: 'resolution=merge-duplicates,return=representation,tx=rollback' },
    })
    expect([mixed.status, await mixed.json()]).toEqual([201, [{ name: 'a' }, { name: 'new' }]])
    const ignored = await call('items?on_conflict=name&select=name', {
      method: 'POST', body: JSON.stringify({ name: 'a' }), headers: { Prefer: 'resolution=ignore-duplicates,return=representation' },
    })
    expect([ignored.status, await ignored.json()]).toEqual([201, []])
  })
})
