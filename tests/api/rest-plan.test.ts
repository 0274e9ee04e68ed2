import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * `Accept: application/vnd.pgrst.plan` (the EXPLAIN of a request's statement) and the totals of
 * `Prefer: count=planned|estimated` (from the planner), as PostgREST 13 answers them.
 */
describe('the project REST API: plans and planned counts', () => {
  let p: RestProject
  const call = (path: string, init: RequestInit = {}) =>
    p.rest(path, { ...init, headers: { apikey: p.keys.service_role, 'Content-Type': 'application/json', ...init.headers } })

  beforeAll(async () => {
    p = await startRestProject('Plans')
    await p.run(`create table public.rows (id int primary key, v text);
      insert into public.rows select i, 'v' || i from generate_series(1, 3000) as i;
      create function public.ids() returns setof int language sql stable as 'select id from public.rows';`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('answers the plan of a read as JSON or text, with options', async () => {
    const json = await call('rows?select=id&id=lt.10', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' } })
    expect(json.status, await json.clone().text()).toBe(200)
    expect(json.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8')
    const [doc] = (await json.json()) as { Plan: { 'Node Type': string } }[]
    expect(doc.Plan['Node Type']).toBe('Aggregate')
    const text = await call('rows', { headers: { Accept: 'application/vnd.pgrst.plan' } })
    expect(await text.text()).toMatch(/^Aggregate {2}\(cost=/)
    const verbose = await call('rows', { headers: { Accept: 'application/vnd.pgrst.plan+json; options=verbose|analyze;' } })
    const [analysed] = (await verbose.json()) as Record<string, unknown>[]
    expect(analysed).toHaveProperty('Execution Time')
    expect((analysed.Plan as Record<string, unknown>).Output).toBeDefined()
    const bad = await call('rows', { headers: { Accept: 'application/vnd.pgrst.plan; options=everything' } })
    expect(bad.status).toBe(406)
  })

  it('explains a write without running it, and a function call', async () => {
    const write = await call('rows', { method: 'DELETE', headers: { Accept: 'application/vnd.pgrst.plan+text' } })
    expect(await write.text()).toMatch(/Delete on rows/)
    expect((await (await call('rows?select=id&limit=1', { headers: { Prefer: 'count=exact' } })).headers.get('content-range'))).toBe('0-0/3000')
    const fn = await call('rpc/ids', { headers: { Accept: 'application/vnd.pgrst.plan+text' } })
    expect(await fn.text()).toMatch(/^Aggregate/)
  })

  it('counts from the planner with count=planned, and exactly below max rows with count=estimated', async () => {
    const planned = await call('rows?select=id&limit=5', { headers: { Prefer: 'count=planned' } })
    expect(planned.status).toBe(206)
    const total = Number(planned.headers.get('content-range')!.split('/')[1])
    expect(total).toBeGreaterThan(5)
    const estimated = await call('rows?select=id&id=lt.4', { headers: { Prefer: 'count=estimated' } })
    expect(estimated.headers.get('content-range')).toBe('0-2/3')
    const large = await call('rows?select=id&limit=1', { method: 'HEAD', headers: { Prefer: 'count=estimated' } })
    expect(large.status).toBe(206)
    expect(Number(large.headers.get('content-range')!.split('/')[1])).toBeGreaterThanOrEqual(3000)
  })
})
