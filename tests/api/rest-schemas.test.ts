import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getStore } from '@/server/db/store'
import { startRestProject, type RestProject } from './helpers/rest-project'

/**
 * A project's Data API settings (`/platform/projects/:ref/config/postgrest`): the schemas its REST
 * API serves, as PostgREST's db-schemas (PGRST106 for others, Postgres's 42501 for one exposed
 * but not granted), and the most rows a read answers, as db-max-rows; a change reaches every
 * instance within a second or two.
 */
describe('the project REST API: exposed schemas and max rows', () => {
  let p: RestProject
  const config = (body?: unknown) =>
    p.platform.request(`/platform/projects/${p.ref}/config/postgrest`, body === undefined ? { token: p.owner.token } : { method: 'PATCH', token: p.owner.token, body })

  beforeAll(async () => {
    p = await startRestProject('Schemas')
    await p.run(`create schema app;
      create table app.t (id int primary key, name text not null);
      insert into app.t values (1, 'one'), (2, 'two');
      create table public.nums (n int primary key);
      insert into public.nums select generate_series(1, 5);
      create table public.parts (id int primary key, n int not null references public.nums (n));
      insert into public.parts select i, 1 from generate_series(1, 4) as i;
      create function public.nums_from(m int) returns setof public.nums language sql stable as 'select * from public.nums where n >= m';`)
  }, 120_000)
  afterAll(async () => p?.platform.close())

  it('serves public alone by default and answers PGRST106 for any other schema', async () => {
    expect((await config()).body).toEqual({ db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit' })
    const refused = await p.client(p.keys.service_role).schema('app').from('t').select()
    expect(refused.status).toBe(406)
    expect(refused.error).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public' })
  })

  it('refuses schemas the database lacks, system and platform schemas, and max rows out of bounds, naming them', async () => {
    const missing = await config({ db_schema: 'public, app, nope' })
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body)).toContain("'nope' is not a schema of the project's database")
    for (const schema of ['auth', 'pg_catalog', 'information_schema', 'platform_jail', 'pg_toast']) {
      const system = await config({ db_schema: `public, ${schema}` })
      expect(system.status, schema).toBe(400)
      expect(JSON.stringify(system.body)).toContain(`'${schema}' belongs to Postgres or the platform`)
    }
    for (const max_rows of [0, 1_000_001, 1.5]) expect((await config({ max_rows })).status).toBe(400)
    expect((await config({ db_schema: ' , ' })).status).toBe(400)
    const txEnd = await config({ db_tx_end: 'sometimes' })
    expect(txEnd.status).toBe(400)
    expect(JSON.stringify(txEnd.body)).toContain("must be one of 'commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'")
    const aggregates = await config({ db_aggregates_enabled: 'yes' })
    expect(aggregates.status).toBe(400)
    expect(JSON.stringify(aggregates.body)).toContain('must be true or false')
    expect((await config()).body).toEqual({ db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit' })
  })

  it('serves an exposed schema once its roles are granted usage, and answers 42501 before', async () => {
    const saved = await config({ db_schema: 'public, app' })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toEqual({ db_schema: 'public, app', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit' })
    const settings = await p.platform.request(`/platform/projects/${p.ref}/settings`, { token: p.owner.token })
    expect(settings.body.app_config.db_schema).toBe('public, app')
    const service = p.client(p.keys.service_role)
    const ungranted = await service.schema('app').from('t').select()
    expect(ungranted.status).toBe(403)
    expect(ungranted.error).toMatchObject({ code: '42501', message: 'permission denied for schema app' })
    const asAnon = await p.client(p.keys.anon).schema('app').from('t').select()
    expect(asAnon.status).toBe(401)
    expect(asAnon.error).toMatchObject({ code: '42501' })
    await p.run(`grant usage on schema app to anon, authenticated, service_role;
      grant select, insert on app.t to anon, authenticated, service_role;`)
    const read = await service.schema('app').from('t').select().order('id')
    expect(read.error).toBeNull()
    expect(read.data).toEqual([{ id: 1, name: 'one' }, { id: 2, name: 'two' }])
    const written = await service.schema('app').from('t').insert({ id: 3, name: 'three' }).select('name')
    expect(written.data).toEqual([{ name: 'three' }])
    expect((await service.from('nums').select('n').eq('n', 1)).data).toEqual([{ n: 1 }])
  })

  it('takes the first exposed schema when a request names none', async () => {
    expect((await config({ db_schema: 'app, public' })).status).toBe(200)
    const bare = await p.rest('t?select=id&order=id', { headers: { apikey: p.keys.service_role } })
    expect(await bare.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }])
    // supabase-js names its schema (`public` unless told otherwise) in every request.
    const named = await p.client(p.keys.service_role).from('t').select('id')
    expect(named.error).toMatchObject({ code: '42P01', message: 'relation "public.t" does not exist' })
    expect((await config({ db_schema: 'public, app' })).status).toBe(200)
  })

  it('answers at most max_rows rows a read, a counted read, a function and each embedded list', async () => {
    expect((await config({ max_rows: 2 })).body).toEqual({ db_schema: 'public, app', max_rows: 2, db_aggregates_enabled: false, db_tx_end: 'commit' })
    const service = p.client(p.keys.service_role)
    expect((await service.from('nums').select('n').order('n')).data).toEqual([{ n: 1 }, { n: 2 }])
    expect((await service.from('nums').select('n').order('n').limit(1)).data).toEqual([{ n: 1 }])
    const counted = await service.from('nums').select('n', { count: 'exact' }).order('n').range(2, 4)
    expect(counted).toMatchObject({ status: 206, count: 5, data: [{ n: 3 }, { n: 4 }] })
    expect((await service.rpc('nums_from', { m: 2 }).select('n').order('n')).data).toEqual([{ n: 2 }, { n: 3 }])
    // Each embedded list too, whatever its own limit asks; a smaller one stays.
    const embedded = await service.from('nums').select('n, parts(id)').eq('n', 1).order('id', { referencedTable: 'parts' }).limit(3, { referencedTable: 'parts' })
    expect(embedded.data).toEqual([{ n: 1, parts: [{ id: 1 }, { id: 2 }] }])
    const unlimited = await service.from('nums').select('n, parts(id)').eq('n', 1)
    expect(unlimited.data![0].parts).toHaveLength(2)
    const smaller = await service.from('nums').select('n, parts(id)').eq('n', 1).order('id', { referencedTable: 'parts' }).limit(1, { referencedTable: 'parts' })
    expect(smaller.data).toEqual([{ n: 1, parts: [{ id: 1 }] }])
    const one = await service.from('parts').select('id, nums(n)').eq('id', 4)
    expect(one.data).toEqual([{ id: 4, nums: { n: 1 } }])
    // Writes are not capped.
    const updated = await service.from('nums').update({ n: 0 }).gt('n', 100).select('n')
    expect(updated.data).toEqual([])
    const deleted = await service.from('nums').delete().gte('n', 3).select('n')
    expect(deleted.data).toHaveLength(3)
    expect((await config({ max_rows: 1000 })).status).toBe(200)
  })

  it('follows a change another instance made within two seconds', async () => {
    const service = p.client(p.keys.service_role)
    expect((await service.schema('app').from('t').select('id').eq('id', 1)).data).toEqual([{ id: 1 }])
    // Another instance changes the store: nothing tells this process.
    const db = await getStore()
    const changed = Date.now()
    await db.query(`update platform.project_postgrest_config set db_schemas = '{public}' where project_id = (select id from platform.projects where ref = $1)`, [p.ref])
    let status = 200
    while (status !== 406 && Date.now() - changed < 5_000) status = (await service.schema('app').from('t').select('id')).status
    expect(status).toBe(406)
    expect(Date.now() - changed).toBeLessThan(2_000)
  })
})
