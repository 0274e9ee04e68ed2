import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sharedTrips } from '@/server/projects/pglite-trips'
import { oneTripReads } from '@/server/projects/request-role'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 23: on PGlite the project API's requests share one session, several of them in one message
 * to the worker (projects/pglite-trips.ts). A request's code is the tenant's (its policies and
 * their functions) and may leave session state behind on purpose: a session-level setting, a
 * temporary table, an advisory lock, a LISTEN, a prepared statement, a sequence's currval. The next
 * request, in the same message or the next, alone or after a request that failed, sees none of it.
 */
const CLEAN_SESSION = { guc: 'none', temp_tables: 0, advisory: 0, listening: 0, prepared: 0, seq: null }
// On a Postgres server the requests run on the project's own pool of connections as its API login
// role (api-requests.ts), never on a session the platform uses, and it resets only the settings
// between requests (RESET ALL): the rest is left to the project's own code there.
const CLEAN = usePostgres ? expect.objectContaining({ guc: 'none' }) : CLEAN_SESSION

describe('the project REST API, one request leaves nothing to the next', () => {
  let platform: TestPlatform
  let owner: { id: string; token: string }
  let ref: string
  let anon: string
  const read = async (path: string) => {
    const res = await fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, { headers: { apikey: anon, Authorization: `Bearer ${anon}` } })
    return { status: res.status, body: await res.json() }
  }
  const hostile = () => read('hostile?select=id')
  const probe = () => read('session_state?select=*')
  const failing = () => read('failing?select=id')

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    const org = await createOrg('pro', [[owner.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Hostile')).ref
    // Run as the project's owner role, as any tenant could: functions it owns, used by policies anon meets.
    const res = await sql(platform, owner.token, ref, `
      create sequence public.leak_seq;
      create function public.misbehave(fail boolean) returns boolean language plpgsql security definer as $$
      begin
        perform pg_catalog.set_config('app.leak', 'yes', false);
        create temp table if not exists leak_tmp (x int);
        perform pg_catalog.pg_try_advisory_lock(4242);
        execute 'listen leak_channel';
        if not exists (select from pg_catalog.pg_prepared_statements where name = 'leak_stmt') then
          execute 'prepare leak_stmt as select 1';
        end if;
        perform pg_catalog.nextval('public.leak_seq');
        if fail then raise exception 'the policy fails on purpose'; end if;
        return true;
      end $$;
      create function public.leak_currval() returns bigint language plpgsql as $$
      begin return pg_catalog.currval('public.leak_seq'); exception when others then return null; end $$;
      create table public.hostile (id int primary key);
      insert into public.hostile values (1);
      alter table public.hostile enable row level security;
      create policy misbehaves on public.hostile for select to anon using (public.misbehave(false));
      create table public.failing (id int primary key);
      insert into public.failing values (1);
      alter table public.failing enable row level security;
      create policy fails on public.failing for select to anon using (public.misbehave(true));
      create view public.session_state as select
        coalesce(nullif(pg_catalog.current_setting('app.leak', true), ''), 'none') as guc,
        (select count(*)::int from pg_catalog.pg_class where relnamespace = pg_catalog.pg_my_temp_schema()) as temp_tables,
        (select count(*)::int from pg_catalog.pg_locks where locktype = 'advisory' and objid = 4242) as advisory,
        (select count(*)::int from pg_catalog.pg_listening_channels() c where c = 'leak_channel') as listening,
        (select count(*)::int from pg_catalog.pg_prepared_statements where name = 'leak_stmt') as prepared,
        public.leak_currval() as seq;`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const keys = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    anon = (keys.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
  }, 120_000)
  afterAll(async () => platform?.close())

  it('shows the next request a clean session after one that set a setting, a temp table, a lock, a LISTEN, a statement and a currval', async () => {
    // Reads served before go in one round trip on PGlite (read-ahead): warm both.
    for (let i = 0; i < 3; i++) {
      expect(await hostile()).toEqual({ status: 200, body: [{ id: 1 }] })
      expect(await probe()).toEqual({ status: 200, body: [CLEAN] })
    }
  })

  it('keeps requests that share a message to the worker apart', async () => {
    const before = oneTripReads()
    const shared = sharedTrips()
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? hostile() : probe())))
      answers.forEach((answer, i) => expect(answer).toEqual(i % 2 === 0 ? { status: 200, body: [{ id: 1 }] } : { status: 200, body: [CLEAN] }))
    }
    // On PGlite they went whole, several to a message (the usual way would not test that).
    if (!usePostgres) {
      expect(oneTripReads() - before).toBeGreaterThanOrEqual(50)
      expect(sharedTrips() - shared).toBeGreaterThan(0)
    }
  })

  it('leaves nothing behind from a request that failed after taking a lock and preparing a statement, nor stops the others', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await failing()
      expect(res.status).toBeGreaterThanOrEqual(400)
      expect(JSON.stringify(res.body)).toContain('the policy fails on purpose')
      expect(await probe()).toEqual({ status: 200, body: [CLEAN] })
    }
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([hostile(), failing(), probe(), hostile(), failing(), probe(), probe()])
      for (const i of [0, 3]) expect(answers[i]).toEqual({ status: 200, body: [{ id: 1 }] })
      for (const i of [1, 4]) expect(answers[i].status).toBeGreaterThanOrEqual(400)
      for (const i of [2, 5, 6]) expect(answers[i]).toEqual({ status: 200, body: [CLEAN] })
    }
  })
})
