import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { psql, withPassword } from './helpers/psql'
import { createTeamProject, sql } from './projects-helpers'

/**
 * Issue 22 (findings 1, 2, 5), as an attacker tries them, on the store these tests run on
 * (PGlite, or a Postgres server): code queued for COMMIT never runs outside the jail, the role
 * member SQL runs as holds no grant on a privileged function, a member's password never opens
 * the connection string, and a Read-only member writes no large object. What is legitimate
 * still works: deferrable foreign keys, constraint triggers that are not deferrable, CREATE
 * EXTENSION, the Admin's password.
 */

type User = { id: string; token: string }

const onPglite = !process.env.TEST_DATABASE_URL

describe('escapes from the jail', () => {
  let platform: TestPlatform
  let owner: User
  let developer: User
  let reader: User
  let ref: string
  let anon: string
  const adminPassword = 'The-admins-own password 22'

  const rest = (path: string, init: RequestInit = {}) =>
    fetch(`${platform.projectUrl(ref)}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
    })

  /** Asserts nothing of the attacker's code ran as a superuser or as the platform's roles. */
  async function expectNoEscape() {
    const log = await sql(platform, owner.token, ref, 'select who, sess, super from public.escape_log')
    expect(log.status, JSON.stringify(log.body)).toBe(200)
    for (const row of log.body.rows as { who: string; sess: string; super: boolean }[]) {
      expect(row.super, JSON.stringify(row)).toBe(false)
      expect(row.who, JSON.stringify(row)).not.toMatch(/^postgres$|_dashboard$/)
    }
    const escaped = await sql(platform, owner.token, ref, "select count(*)::int as n from pg_roles where rolname like 'jail_escaped%' or (rolsuper and rolname like 'project_%')")
    expect(escaped.body.rows).toEqual([{ n: 0 }])
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ owner, developer, reader, ref } = await createTeamProject(platform, 'Escapes'))
    // The attacker's payload: it notes who runs it, then tries to climb.
    const made = await sql(platform, developer.token, ref, `create table public.escape_log (who text, sess text, super boolean);
      grant all on public.escape_log to public;
      create function public.climb() returns void language plpgsql as $$
      begin
        insert into public.escape_log select current_user, session_user, rolsuper from pg_roles where rolname = current_user;
        begin
          execute 'reset role';
          execute 'set session authorization postgres';
          execute 'create role jail_escaped superuser';
        exception when others then null;
        end;
        begin
          execute 'select platform_jail.admin_exec($a$create role jail_escaped_admin superuser$a$)';
        exception when others then null;
        end;
      end $$;
      -- Fired inside the jail (which fires deferred events at the end of each statement), it leaves
      -- work for COMMIT: a WITH HOLD cursor (materialised then) and, deferring again, itself once more.
      create function public.climb_trigger() returns trigger language plpgsql as $$
      begin
        perform public.climb();
        if coalesce(current_setting('escape.requeued', true), '') <> 'yes' then
          perform set_config('escape.requeued', 'yes', true);
          execute 'declare escape_cursor cursor with hold for select public.climb()';
          set constraints all deferred;
          execute format('insert into %I.%I default values', tg_table_schema, tg_table_name);
        end if;
        return null;
      end $$;
      create function public.note() returns trigger language plpgsql as $$ begin
        insert into public.escape_log select current_user, session_user, rolsuper from pg_roles where rolname = current_user; return null; end $$;
      create function public.climb_value(v int) returns int language plpgsql immutable as $$ begin perform public.climb(); return v; end $$;`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const keys = await platform.request(`/platform/projects/${ref}/api-keys`, { token: owner.token })
    anon = (keys.body as { name: string; api_key: string }[]).find((k) => k.name === 'anon')!.api_key
  }, 120_000)
  afterAll(async () => platform?.close())

  it('refuses a deferred constraint trigger from the SQL editor, with what to do instead', async () => {
    const res = await sql(platform, developer.token, ref, `create table public.queued (id int);
      create constraint trigger queued_climb after insert on public.queued deferrable initially deferred
        for each row execute function public.climb_trigger();
      insert into public.queued values (1)`)
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.message).toMatch(/deferrable trigger queued_climb on (public\.)?queued is not allowed: code deferred to COMMIT would run outside your role/)
    expect(JSON.stringify(res.body)).toMatch(/NOT DEFERRABLE/)
    // The script was one transaction: nothing of it stayed.
    expect((await sql(platform, developer.token, ref, "select to_regclass('public.queued') as t")).body.rows).toEqual([{ t: null }])
    // Made INITIALLY IMMEDIATE, so that a later SET CONSTRAINTS ALL DEFERRED queues it: refused the same.
    const later = await sql(platform, developer.token, ref, `create table public.queued2 (id int);
      create constraint trigger queued2_climb after insert on public.queued2 deferrable initially immediate
        for each row execute function public.climb_trigger()`)
    expect(later.status).toBe(400)
    await expectNoEscape()
  })

  it('a deferred trigger from before the check blocks every write, anonymous REST too, until it is dropped', async () => {
    const made = await sql(platform, developer.token, ref, 'create table public.planted (id int)')
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    // Planted as a database from before issue 22 could hold it (over the platform's own connection).
    const { withProjectSession } = await import('@/server/projects/project-db')
    await withProjectSession(ref, (session) =>
      session.privileged(`create constraint trigger planted_climb after insert on public.planted deferrable initially deferred
        for each row execute function public.climb_trigger()`)
    )
    const anonymous = await rest('planted', { method: 'POST', body: JSON.stringify({ id: 1 }) })
    const body = await anonymous.text()
    if (onPglite) {
      expect(anonymous.status, body).toBeGreaterThanOrEqual(400)
      expect(anonymous.status, body).toBeLessThan(500)
      expect(body).toMatch(/deferrable trigger planted_climb/)
    } else {
      // A server's REST requests connect as the project's `_api` role, which holds no rights of
      // its own: the trigger runs as `anon` there, whatever it tries.
      expect(anonymous.status, body).toBeLessThan(500)
    }
    const editor = await sql(platform, developer.token, ref, 'insert into public.planted values (2)')
    expect(editor.status).toBe(400)
    expect(editor.body.message).toMatch(/deferrable trigger planted_climb/)
    // Reads still work; dropping the trigger lifts the block.
    expect((await sql(platform, reader.token, ref, 'select count(*)::int as n from public.planted')).status).toBe(200)
    expect((await sql(platform, developer.token, ref, 'drop trigger planted_climb on public.planted')).status).toBe(200)
    const after = await sql(platform, developer.token, ref, 'insert into public.planted values (3) returning id')
    expect(after.status, JSON.stringify(after.body)).toBe(200)
    await expectNoEscape()
  })

  it('refuses a deferrable exclusion constraint whose index calls a function, keeps plain deferrable unique constraints', async () => {
    const excl = await sql(platform, developer.token, ref, `create table public.ex (a int,
      exclude using btree ((public.climb_value(a)) with =) deferrable initially deferred);
      insert into public.ex values (1)`)
    expect(excl.status, JSON.stringify(excl.body)).toBe(400)
    expect(excl.body.message).toMatch(/deferrable constraint ex_.* on (public\.)?ex is not allowed/)
    const plain = await sql(platform, developer.token, ref, `create table public.uq (a int unique deferrable initially deferred);
      insert into public.uq values (1), (2); update public.uq set a = a + 1; select array_agg(a order by a) as a from public.uq`)
    expect(plain.status, JSON.stringify(plain.body)).toBe(200)
    expect(plain.body.rows).toEqual([{ a: [2, 3] }])
    await expectNoEscape()
  })

  it('keeps deferrable foreign keys and constraint triggers that are not deferrable', async () => {
    const res = await sql(platform, developer.token, ref, `create table public.parent (id int primary key);
      create table public.child (id int primary key, parent int references public.parent deferrable initially deferred);
      create constraint trigger child_check after insert on public.child for each row execute function public.note();
      insert into public.parent values (1);
      insert into public.child values (1, 1);
      select (select count(*) from public.child)::int as children, (select count(*) from public.escape_log where who = current_user)::int as noted`)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.rows[0].children).toBe(1)
    expect(res.body.rows[0].noted).toBeGreaterThan(0) // the immediate trigger ran, in the jail, as the owner role
    const broken = await sql(platform, developer.token, ref, 'insert into public.child values (2, 99)')
    expect(broken.status).toBe(400)
    expect(broken.body.message).toMatch(/violates foreign key constraint/)
    const rest1 = await rest('child', { method: 'POST', body: JSON.stringify({ id: 3, parent: 1 }) })
    expect(rest1.status, await rest1.text()).toBe(201)
    await expectNoEscape()
  })

  it('refuses WITH HOLD cursors, also opened by a trigger', async () => {
    const direct = await sql(platform, developer.token, ref, 'declare c cursor with hold for select public.climb()')
    expect(direct.status).toBe(400)
    const byTrigger = await sql(platform, developer.token, ref, `create table public.held (id int);
      create function public.hold() returns trigger language plpgsql as $$ begin
        execute 'declare held_cursor cursor with hold for select public.climb()'; return null; end $$;
      create trigger held_open after insert on public.held for each row execute function public.hold();
      insert into public.held values (1)`)
    expect(byTrigger.status, JSON.stringify(byTrigger.body)).toBe(400)
    expect(byTrigger.body.message).toMatch(/WITH HOLD cursors are not supported/)
    await expectNoEscape()
  })

  it('ON COMMIT actions, default privileges of the platform role and NOTIFY run nothing of the member outside the jail', async () => {
    const temp = await sql(platform, developer.token, ref, `begin;
      create temp table passing (id int) on commit drop;
      create trigger passing_note after insert on passing for each row execute function public.note();
      insert into passing values (1);
      commit`)
    expect(temp.status, JSON.stringify(temp.body)).toBe(200)
    const defaults = await sql(platform, developer.token, ref, 'alter default privileges for role postgres grant all on functions to public')
    expect(defaults.status).toBe(400)
    expect(defaults.body.message).toMatch(/permission denied|must be member of role/)
    const notify = await sql(platform, developer.token, ref, `select pg_notify('realtime_changes', '{"schema":"public","table":"escape_log","type":"INSERT","pk":{}}')`)
    expect(notify.status).toBe(200)
    await expectNoEscape()
  })

  it('CREATE EXTENSION still works for a Developer, and the platform function that ran it is gone', async () => {
    const made = await sql(platform, developer.token, ref, "create extension if not exists pgcrypto; select crypt('x', gen_salt('bf', 4)) like '$2a$04$%' as h")
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    expect(made.body.rows).toEqual([{ h: true }])
    const gone = await sql(platform, developer.token, ref, "select exists (select 1 from pg_proc where proname = 'admin_exec') as f")
    expect(gone.body.rows).toEqual([{ f: false }])
    await expectNoEscape()
  })

  it('creates an extension that needs a superuser only where no function of the project can be planted for its script', async () => {
    // A search path trojan: the script of an extension the platform creates as the superuser runs
    // with its schema on the search path, where a member's function could stand in for a built-in.
    const made = await sql(platform, developer.token, ref, `create schema trojan;
      create function trojan.lower(text) returns text language plpgsql as $$ begin perform public.climb(); return $1; end $$`)
    expect(made.status, JSON.stringify(made.body)).toBe(200)
    const planted = await sql(platform, developer.token, ref, 'create extension pg_stat_statements schema trojan')
    expect(planted.status, JSON.stringify(planted.body)).toBe(400)
    expect(planted.body.message).toMatch(/extension "pg_stat_statements" needs a superuser, so it is created only in a schema that holds no functions or operators of the project's: schema "trojan" holds trojan.lower\(text\)/)
    expect((await sql(platform, developer.token, ref, "select count(*)::int as n from pg_extension where extname = 'pg_stat_statements'")).body.rows).toEqual([{ n: 0 }])
    // In a schema of its own it is created; a trusted extension goes where the member says.
    const own = await sql(platform, developer.token, ref, 'create schema if not exists stats; create extension pg_stat_statements schema stats')
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    const trusted = await sql(platform, developer.token, ref, 'create extension citext schema trojan')
    expect(trusted.status, JSON.stringify(trusted.body)).toBe(200)
    await expectNoEscape()
  })

  it.runIf(!onPglite)('on a server, the dashboard role holds no grant on a privileged function', async () => {
    const { withProjectSession } = await import('@/server/projects/project-db')
    const rows = await withProjectSession(ref, async (session) => {
      const [r] = await session.simple(`select p.oid::regprocedure::text as f from pg_proc p join pg_roles o on o.oid = p.proowner
        where p.prosecdef and (o.rolsuper or o.rolname = (select rolname from pg_roles where oid = (select datdba from pg_database where datname = 'postgres')))
          and has_function_privilege(session_user, p.oid, 'execute')`)
      return r.rows
    })
    expect(rows).toEqual([])
    // The trap of the finding: a deferred trigger calling admin_exec at COMMIT. Refused before it exists.
    const res = await sql(platform, developer.token, ref, `create table public.server_queued (id int);
      create constraint trigger server_climb after insert on public.server_queued deferrable initially deferred
        for each row execute function public.climb_trigger()`)
    expect(res.status).toBe(400)
    await expectNoEscape()
  })

  it('a Read-only member writes no large object; a Developer may', async () => {
    for (const query of ["select lo_from_bytea(0, '\\x41'::bytea)", 'select lo_create(0)', 'select lo_creat(-1)', 'select lo_unlink(1)', "select lo_put(1, 0, '\\x41'::bytea)"]) {
      const res = await sql(platform, reader.token, ref, query)
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(res.body.message).toMatch(/permission denied for function lo_/)
    }
    const dev = await sql(platform, developer.token, ref, "select lo_from_bytea(22022, '\\x41'::bytea); select encode(lo_get(22022), 'hex') as b")
    expect(dev.status, JSON.stringify(dev.body)).toBe(200)
    expect(dev.body.rows).toEqual([{ b: '41' }])
  })

  it("a member's password never opens the connection string; the Admin's does", async () => {
    const detail = await platform.request(`/platform/projects/${ref}`, { token: owner.token })
    const shown: string = detail.body.connectionString
    const memberPassword = 'set-by-a-developer-22'
    const user = new URL(shown).username
    for (const statement of [`alter role current_user password '${memberPassword}'`, `alter role ${user} password '${memberPassword}'`]) {
      await sql(platform, developer.token, ref, statement) // accepted or refused: either way it must not open the door
    }
    const tried = await psql(withPassword(shown, memberPassword), 'select current_user')
    expect(tried.code, tried.stdout).not.toBe(0)
    expect(tried.stderr).toMatch(/password authentication failed/)
    const set = await platform.request(`/platform/projects/${ref}/db-password`, { token: owner.token, body: { password: adminPassword } })
    expect(set.status, JSON.stringify(set.body)).toBe(204)
    const ok = await psql(withPassword(shown, adminPassword), 'select current_user, (select rolsuper from pg_roles where rolname = current_user)')
    expect(ok, ok.stderr).toMatchObject({ code: 0 })
    expect(ok.stdout.trim()).toBe(`project_${ref}|f`)
    // Changed again from SQL after the Admin's reset: the Admin's password still opens it, the member's does not.
    await sql(platform, developer.token, ref, `alter role current_user password '${memberPassword}'`)
    expect((await psql(withPassword(shown, memberPassword), 'select 1')).code).not.toBe(0)
    expect((await psql(withPassword(shown, adminPassword), 'select 1')).code).toBe(0)
  }, 90_000)
})
