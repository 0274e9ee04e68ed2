import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RequestClaims } from '@/server/projects/request-role'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * Issue 12 groundwork: a request of the project API runs as `anon`, `authenticated` or
 * `service_role` with its JWT claims visible to SQL, so the project's row level security decides.
 * The table and its policies are made by a Developer through pg-meta (as the owner role).
 */

type Role = 'anon' | 'authenticated' | 'service_role'

describe('requests run as the role of their key, under row level security', () => {
  let platform: TestPlatform
  let developer: { token: string }
  let ref: string
  const userA = crypto.randomUUID()
  const userB = crypto.randomUUID()
  const claimsOf = (sub: string): RequestClaims => ({ sub, role: 'authenticated', email: `${sub.slice(0, 8)}@example.com` })

  const as = async <T,>(role: Role, claims: RequestClaims, fn: (q: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>, options = {}) => {
    const { withRequestRole } = await import('@/server/projects/request-role')
    return withRequestRole(ref, { role, claims }, (session) => fn(async (text, params) => (await session.query(text, params)).rows), options)
  }
  const bodies = (role: Role, claims: RequestClaims) => as(role, claims, (q) => q('select body from public.notes order by id')).then((rows) => rows.map((r) => r.body))
  const owner = async (query: string) => {
    const res = await sql(platform, developer.token, ref, query)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows as Record<string, unknown>[]
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const ownerUser = await platform.createUser()
    const dev = await platform.createUser()
    developer = dev
    const org = await createOrg('pro', [
      [ownerUser.id, 'Owner'],
      [dev.id, 'Developer'],
    ])
    ref = (await createActiveProject(platform, ownerUser.token, org.slug, 'Roles')).ref
    // No GRANT here: the owner's default privileges give the API roles the table; RLS restricts them.
    await owner(`create table public.notes (id serial primary key, user_id uuid, body text);
      alter table public.notes enable row level security;
      create policy own_rows on public.notes to authenticated using (user_id = auth.uid());
      create policy public_rows on public.notes for select to anon using (body like 'public%');
      insert into public.notes (user_id, body) values
        ('${userA}', 'a private'), ('${userA}', 'public by a'), ('${userB}', 'b private'), (null, 'public by nobody')`)
  })
  afterAll(async () => platform?.close())

  it('has the three roles, none a superuser or able to log in, only service_role bypassing RLS', async () => {
    const rows = await owner(`select rolname, rolsuper, rolcanlogin, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`)
    expect(rows).toEqual([
      { rolname: 'anon', rolsuper: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolsuper: false, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'service_role', rolsuper: false, rolcanlogin: false, rolbypassrls: true },
    ])
    // The claim helpers' schema stays the platform's.
    const [auth] = await owner(`select pg_get_userbyid(nspowner) <> current_user as not_mine from pg_namespace where nspname = 'auth'`)
    expect(auth).toEqual({ not_mine: true })
  })

  it('shows each user only their own rows', async () => {
    expect(await bodies('authenticated', claimsOf(userA))).toEqual(['a private', 'public by a'])
    expect(await bodies('authenticated', claimsOf(userB))).toEqual(['b private'])
  })

  it('lets a user insert their own row and refuses a row for another user (with check)', async () => {
    const [made] = await as('authenticated', claimsOf(userB), (q) => q('insert into public.notes (user_id, body) values ($1, $2) returning body', [userB, 'b second']))
    expect(made).toEqual({ body: 'b second' })
    await expect(as('authenticated', claimsOf(userB), (q) => q('insert into public.notes (user_id, body) values ($1, $2)', [userA, 'forged']))).rejects.toMatchObject({
      code: '42501',
      message: expect.stringMatching(/row-level security/),
    })
    // An update cannot reach another user's row either.
    const touched = await as('authenticated', claimsOf(userB), (q) => q('update public.notes set body = $1 where user_id = $2 returning id', ['taken', userA]))
    expect(touched).toEqual([])
    expect(await bodies('authenticated', claimsOf(userA))).toEqual(['a private', 'public by a'])
  })

  it('shows anon only the public rows, and lets it change nothing', async () => {
    expect(await bodies('anon', {})).toEqual(['public by a', 'public by nobody'])
    await expect(as('anon', {}, (q) => q("insert into public.notes (body) values ('public spam')"))).rejects.toMatchObject({ code: '42501' })
  })

  it('lets service_role see every row', async () => {
    expect(await bodies('service_role', { role: 'service_role' })).toEqual(['a private', 'public by a', 'b private', 'public by nobody', 'b second'])
  })

  it('gives SQL the claims through auth.uid(), auth.role() and auth.jwt(), and runs as the role', async () => {
    const claims = claimsOf(userA)
    const [row] = await as('authenticated', claims, (q) =>
      q(`select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt, current_user as "user",
        (select rolsuper from pg_roles where rolname = current_user) as super`)
    )
    expect(row).toEqual({ uid: userA, role: 'authenticated', jwt: claims, user: 'authenticated', super: false })
    const [anon] = await as('anon', { role: 'anon' }, (q) => q('select auth.uid() as uid, auth.role() as role, current_user as "user"'))
    expect(anon).toEqual({ uid: null, role: 'anon', user: 'anon' })
  })

  it('cannot climb out of its role (RESET ROLE, SET ROLE) even through a function the project wrote', async () => {
    await owner(`create function public.climb() returns text language plpgsql as $$ begin reset role; return current_user; end $$`)
    const climbed = as('anon', {}, (q) => q('select public.climb() as who'))
    if (process.env.TEST_DATABASE_URL) {
      // A server: RESET ROLE lands on the project's API login role, which has no rights of its own
      // (rest-roles.test.ts shows it reads nothing); the jail's refusal is PGlite's.
      expect(await climbed).toEqual([{ who: `project_${ref}_api` }])
    } else {
      await expect(climbed).rejects.toMatchObject({ message: expect.stringMatching(/cannot set parameter "role" within security-definer function/) })
    }
    await expect(as('service_role', {}, (q) => q('set role postgres'))).rejects.toMatchObject({ code: expect.stringMatching(/42501|0A000|22023|42704/) })
  })

  it('rolls the whole request back on an error', async () => {
    const failing = as('service_role', {}, async (q) => {
      await q("insert into public.notes (body) values ('rolled back')")
      await q('select 1 / 0')
    })
    await expect(failing).rejects.toMatchObject({ code: '22012' })
    expect(await bodies('service_role', {})).not.toContain('rolled back')
  })

  it('ends a statement past the timeout, and the database serves the next request', async () => {
    const slow = as('anon', {}, (q) => q('select pg_sleep(10)'), { timeoutMs: 1_000 })
    await expect(slow).rejects.toMatchObject({ code: '57014' })
    expect(await bodies('anon', {})).toEqual(['public by a', 'public by nobody'])
  })

  // On a server, a request that is one batch (a read sent ahead) runs on a connection shared with
  // other requests (api-requests.ts): each batch is its own transaction, role and settings.
  const ahead = async (role: Role, claims: RequestClaims, text: string, options: { timeoutMs?: number } = {}) => {
    const { withRequestRole } = await import('@/server/projects/request-role')
    return withRequestRole(ref, { role, claims }, async (session) => session.ahead, { ...options, ahead: { text, params: [] } })
  }
  it.runIf(usePostgres)('keeps requests that share a connection apart: their role, claims and settings, and a statement past its time', async () => {
    await owner(`create function public.leave_a_setting() returns text language sql as $$ select set_config('app.left', 'by an earlier request', false) $$;
      grant execute on function public.leave_a_setting() to anon, authenticated`)
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? ahead('authenticated', claimsOf(i % 4 === 0 ? userA : userB), "select auth.uid()::text as uid, current_user::text as role, current_setting('app.left', true) as left_over")
          : ahead('anon', {}, "select public.leave_a_setting() as uid, current_user::text as role, 'set' as left_over")
      )
    )
    many.forEach((outcome, i) => {
      expect(outcome).not.toBeNull()
      expect('result' in outcome!, JSON.stringify(outcome)).toBe(true)
      const [row] = (outcome as { result: { rows: Record<string, unknown>[] } }).result.rows
      // The setting an anon request left for the session is undone (RESET ALL) before the next batch: empty, or never defined.
      if (i % 2 === 0) expect(row).toEqual({ uid: i % 4 === 0 ? userA : userB, role: 'authenticated', left_over: row.left_over === null ? null : '' })
      else expect(row).toMatchObject({ role: 'anon' })
    })
    const slow = await ahead('anon', {}, 'select pg_sleep(10)', { timeoutMs: 500 })
    expect(slow).toMatchObject({ error: { code: '57014', timeoutMs: 500 } })
    const after = await ahead('anon', {}, "select current_setting('statement_timeout') as timeout")
    expect(after).toMatchObject({ result: { rows: [{ timeout: expect.any(String) }] } })
  })

  it.runIf(usePostgres)('sends no read behind a slow one on a shared connection: once each is held up, a read takes a pooled one', async () => {
    const { SHARED_SLOW_MS } = await import('@/server/projects/api-requests')
    const started = performance.now()
    const slow = [ahead('anon', {}, 'select pg_sleep(4)'), ahead('anon', {}, 'select pg_sleep(4)')]
    await vi.waitFor(() => expect(performance.now() - started).toBeGreaterThan(SHARED_SLOW_MS + 20), { interval: 10 })
    const fast = await ahead('anon', {}, 'select 1 as one')
    const took = performance.now() - started
    expect(fast).toMatchObject({ result: { rows: [{ one: 1 }] } })
    expect(took).toBeLessThan(3_000) // not behind either 4-second read
    expect(await Promise.all(slow)).toMatchObject([{ result: {} }, { result: {} }])
  })

  it('lets the owner grant to and revoke from the API roles, and keeps what it revoked when the database reopens', async () => {
    await owner('create table public.secrets (id int); insert into public.secrets values (1); revoke all on public.secrets from anon; grant select on public.secrets to authenticated')
    await expect(as('anon', {}, (q) => q('select * from public.secrets'))).rejects.toMatchObject({ code: '42501' })
    expect(await as('authenticated', claimsOf(userA), (q) => q('select id from public.secrets'))).toEqual([{ id: 1 }])
    const { closeProjectDatabase } = await import('@/server/projects/database-cache')
    await closeProjectDatabase(ref) // the next request sets the database up again
    await expect(as('anon', {}, (q) => q('select * from public.secrets'))).rejects.toMatchObject({ code: '42501' })
    expect(await bodies('authenticated', claimsOf(userB))).toEqual(['b private', 'b second'])
  })
})
