import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { psql, withPassword } from './helpers/psql'
import { STRONG_DB_PASS, createOwnedProject, sql } from './projects-helpers'
import { oneTripReads } from '@/server/projects/request-role'

/**
 * Issue 23: a read the REST API has served before is written before its request starts and, on
 * PGlite, goes with the transaction's opening and end in one round trip to the worker, its values
 * quoted in (projects/request-batch.ts). What it answers is what the usual way answers: the table
 * and its policies as they are at that request, every value as it was sent.
 */
describe('the project REST API, reads sent ahead', () => {
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let ref: string
  let anon: string
  const read = async (path: string) => {
    const res = await fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, { headers: { apikey: anon, Authorization: `Bearer ${anon}` } })
    return { status: res.status, body: await res.json() }
  }
  const run = async (query: string) => {
    const res = await sql(platform, owner.token, ref, query)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  }
  /** The same statement several times: from the second on, it is sent ahead. */
  const warm = async (path: string, expected: unknown) => {
    for (let i = 0; i < 3; i++) expect(await read(path)).toEqual({ status: 200, body: expected })
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ owner, ref } = await createOwnedProject(platform, 'Read ahead'))
    await run(`create table public.notes (id bigint primary key, body text not null);
      alter table public.notes enable row level security;
      create policy anon_reads on public.notes for select to anon using (true);
      insert into public.notes values (1, 'one'), (2, 'two'), (3, E'o''ne\\\\'), (4, 'x''); select 1; --');`)
    const res = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    anon = (res.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
  }, 120_000)
  afterAll(async () => platform?.close())

  it.runIf(!usePostgres)('answers a read it has served before in one round trip to the PGlite worker', async () => {
    await warm('notes?select=id&id=eq.2', [{ id: 2 }])
    const before = oneTripReads()
    for (let i = 0; i < 5; i++) expect(await read('notes?select=id&id=eq.2')).toEqual({ status: 200, body: [{ id: 2 }] })
    expect(oneTripReads() - before).toBe(5)
    // A read this instance has not seen yet goes the usual way first.
    const fresh = oneTripReads()
    expect(await read('notes?select=body&id=eq.1')).toEqual({ status: 200, body: [{ body: 'one' }] })
    expect(oneTripReads()).toBe(fresh)
  })

  it('shows a new column and a changed policy at the next request', async () => {
    await warm('notes?select=*&id=lt.3&order=id', [{ id: 1, body: 'one' }, { id: 2, body: 'two' }])
    await run("alter table public.notes add column tag text not null default 't'")
    expect(await read('notes?select=*&id=lt.3&order=id')).toEqual({ status: 200, body: [{ id: 1, body: 'one', tag: 't' }, { id: 2, body: 'two', tag: 't' }] })
    await run('drop policy anon_reads on public.notes; create policy anon_reads_one on public.notes for select to anon using (id = 2)')
    expect(await read('notes?select=*&id=lt.3&order=id')).toEqual({ status: 200, body: [{ id: 2, body: 'two', tag: 't' }] })
    await run('drop policy anon_reads_one on public.notes; create policy anon_reads on public.notes for select to anon using (true)')
    expect(await read('notes?select=id&id=lt.3&order=id')).toEqual({ status: 200, body: [{ id: 1 }, { id: 2 }] })
  })

  it('passes values as they were sent: quotes, backslashes and SQL in them are data', async () => {
    await warm('notes?select=id&body=eq.one', [{ id: 1 }])
    expect(await read(`notes?select=id&body=eq.${encodeURIComponent("o'ne\\")}`)).toEqual({ status: 200, body: [{ id: 3 }] })
    expect(await read(`notes?select=id&body=eq.${encodeURIComponent("x'); select 1; --")}`)).toEqual({ status: 200, body: [{ id: 4 }] })
    expect(await read(`notes?select=id&body=eq.${encodeURIComponent("'); select 1; --")}`)).toEqual({ status: 200, body: [] })
    // A NUL cannot be in a text value: refused as the usual way refuses it, nothing else answered.
    const nul = await read('notes?select=id&body=eq.a%00b')
    expect(nul.status).toBe(400)
    expect(nul.body).toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{5}$/) })
    expect(await read('notes?select=id&body=eq.two')).toEqual({ status: 200, body: [{ id: 2 }] })
  })

  // PGlite: every change goes through this process, the loopback port's too, so a read right after
  // one is checked against the table (a read of a table checked less than a second ago goes without
  // its lookup otherwise, a filter's value cast to the column's type as it was).
  it.runIf(!usePostgres)('follows a change made over the loopback port at the next request', async () => {
    await run(`create table public.events (id bigint primary key, at timestamp not null);
      alter table public.events enable row level security;
      create policy anon_reads on public.events for select to anon using (true);
      insert into public.events values (1, '2030-01-01 00:00');`)
    const since = encodeURIComponent('2030-01-01T01:00:00+05:00') // 20:00 the day before, in UTC
    await warm(`events?select=id&at=gt.${since}`, [])
    const project = await platform.request(`/platform/projects/${ref}`, { token: owner.token })
    const changed = await psql(withPassword(project.body.connectionString, STRONG_DB_PASS), "set timezone = 'UTC'; alter table public.events alter column at type timestamptz")
    expect(changed.code, changed.stderr).toBe(0)
    expect(await read(`events?select=id&at=gt.${since}`)).toEqual({ status: 200, body: [{ id: 1 }] })
  })
})
