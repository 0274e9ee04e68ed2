import crypto from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { findingsOf } from '@/lib/advisors/findings'
import { findLint, LINTS, type LintRow } from '@/lib/advisors/lints'

/**
 * Each lint's SQL on a real database: PGlite by default, a fresh database on the test server when
 * TEST_DATABASE_URL is set. Every lint gets a fixture that triggers it and one that does not; the
 * mechanical fixes are applied and the lint run again to see the finding gone.
 */
type Conn = { exec: (sql: string) => Promise<void>; query: (sql: string) => Promise<LintRow[]>; close: () => Promise<void> }

async function connect(): Promise<Conn> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const db = await PGlite.create({ extensions: { citext } })
    return {
      exec: async (sql) => void (await db.exec(sql)),
      query: async (sql) => (await db.query<LintRow>(sql)).rows,
      close: () => db.close(),
    }
  }
  const name = `lints_${crypto.randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const client = new pg.Client({ connectionString: target.toString() })
  await client.connect()
  return {
    exec: async (sql) => void (await client.query(sql)),
    query: async (sql) => (await client.query(sql)).rows as LintRow[],
    close: async () => {
      await client.end()
      await admin.query(`drop database ${name}`)
      await admin.end()
    },
  }
}

let db: Conn
beforeAll(async () => {
  db = await connect()
}, 60_000)
afterAll(async () => db?.close())

// A clean slate per test: only an empty public schema, with the Postgres 15+ default privileges.
beforeEach(async () => {
  await db.exec(`drop extension if exists citext;
    drop schema if exists public cascade; drop schema if exists app cascade; drop schema if exists extensions cascade;
    create schema public; revoke all on schema public from public; grant usage on schema public to public;`)
})

async function run(name: string) {
  const lint = findLint(name)!
  return findingsOf(lint, await db.query(lint.sql))
}

/** Applies every mechanical fix of the lint's findings and returns what the lint finds afterwards. */
async function fixAll(name: string) {
  for (const f of await run(name)) {
    expect(f.fix, `${name} has a fix`).toBeTruthy()
    await db.exec(f.fix!)
  }
  return run(name)
}

describe('advisor lints on a real database', () => {
  it('has unique names and every field filled in', () => {
    expect(new Set(LINTS.map((l) => l.name)).size).toBe(LINTS.length)
    for (const lint of LINTS) {
      expect(lint.name).toMatch(/^[a-z_]+$/)
      for (const field of [lint.title, lint.description, lint.remediation, lint.sql]) expect(field.length).toBeGreaterThan(10)
    }
  })

  it('every lint runs on an empty database and finds nothing', async () => {
    for (const lint of LINTS) expect(await run(lint.name), lint.name).toEqual([])
  })

  it('rls_disabled_in_public: a public table without RLS, not one with RLS or outside public', async () => {
    await db.exec(`create table public.open_todos (id int primary key);
      create table public.closed_todos (id int primary key); alter table public.closed_todos enable row level security;
      create schema app; create table app.internal (id int primary key);`)
    const findings = await run('rls_disabled_in_public')
    expect(findings.map((f) => f.object)).toEqual(['open_todos'])
    expect(findings[0]).toMatchObject({ level: 'ERROR', category: 'SECURITY', schema: 'public' })
    expect(findings[0].detail).toContain('public.open_todos')
    expect(findings[0].fix).toBe('alter table "public"."open_todos" enable row level security;')
    expect(await fixAll('rls_disabled_in_public')).toEqual([])
  })

  it('rls_enabled_no_policy: RLS on without a policy, not with one', async () => {
    await db.exec(`create table public.a (id int primary key); alter table public.a enable row level security;
      create table public.b (id int primary key); alter table public.b enable row level security;
      create policy "read all" on public.b for select using (true);`)
    expect((await run('rls_enabled_no_policy')).map((f) => f.object)).toEqual(['a'])
  })

  it('policy_exists_rls_disabled: policies on a table without RLS, names the policies', async () => {
    await db.exec(`create table public.a (id int primary key); create policy "owner only" on public.a using (false);
      create table public.b (id int primary key); alter table public.b enable row level security; create policy p on public.b using (true);`)
    const findings = await run('policy_exists_rls_disabled')
    expect(findings.map((f) => f.object)).toEqual(['a'])
    expect(findings[0].detail).toContain('owner only')
    expect(await fixAll('policy_exists_rls_disabled')).toEqual([])
  })

  it('security_definer_view: a plain view, not a security_invoker one', async () => {
    await db.exec(`create table public.t (id int primary key);
      create view public.owner_view as select id from public.t;
      create view public.invoker_view with (security_invoker = true) as select id from public.t;`)
    expect((await run('security_definer_view')).map((f) => f.object)).toEqual(['owner_view'])
    expect(await fixAll('security_definer_view')).toEqual([])
  })

  it('function_search_path_mutable: a function without search_path, not one that sets it', async () => {
    await db.exec(`create function public.add_one(x int) returns int language sql as 'select x + 1';
      create function public.safe(x int, y text) returns int language sql set search_path = '' as 'select x';`)
    const findings = await run('function_search_path_mutable')
    expect(findings.map((f) => f.object)).toEqual(['add_one'])
    expect(findings[0].detail).toContain('public.add_one(x integer)')
    expect(await fixAll('function_search_path_mutable')).toEqual([])
  })

  it('security_definer_function_executable_by_public: until EXECUTE is revoked from PUBLIC', async () => {
    await db.exec(`create function public.elevated() returns int language sql security definer set search_path = '' as 'select 1';
      create function public.invoker() returns int language sql as 'select 1';
      create function public.locked() returns int language sql security definer set search_path = '' as 'select 1';
      revoke execute on function public.locked() from public;`)
    expect((await run('security_definer_function_executable_by_public')).map((f) => f.object)).toEqual(['elevated'])
    expect(await fixAll('security_definer_function_executable_by_public')).toEqual([])
  })

  it('table_writable_by_public_role: writes granted to PUBLIC, not SELECT alone', async () => {
    await db.exec(`create table public.shared (id int primary key); grant all on public.shared to public;
      create table public.readable (id int primary key); grant select on public.readable to public;`)
    const findings = await run('table_writable_by_public_role')
    expect(findings.map((f) => f.object)).toEqual(['shared'])
    expect(findings[0].detail).toContain('DELETE, INSERT, TRUNCATE, UPDATE')
    expect(await fixAll('table_writable_by_public_role')).toEqual([])
  })

  it('public_schema_create_for_everyone: CREATE on public granted to PUBLIC', async () => {
    expect(await run('public_schema_create_for_everyone')).toEqual([])
    await db.exec('grant create on schema public to public')
    expect((await run('public_schema_create_for_everyone')).map((f) => f.object)).toEqual(['public'])
    expect(await fixAll('public_schema_create_for_everyone')).toEqual([])
  })

  it('extension_in_public: an extension in public, not one in its own schema', async () => {
    await db.exec('create extension citext schema public')
    const findings = await run('extension_in_public')
    expect(findings.map((f) => f.object)).toEqual(['citext'])
    expect(await fixAll('extension_in_public')).toEqual([])
    const { rows } = { rows: await db.query(`select n.nspname as schema, e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'citext'`) }
    expect(rows[0].schema).toBe('extensions')
  })

  it('no_primary_key: a table without one, not one with one; views are not tables', async () => {
    await db.exec(`create table public.log (msg text); create table public.keyed (id int primary key);
      create view public.v with (security_invoker = on) as select msg from public.log;`)
    expect((await run('no_primary_key')).map((f) => f.object)).toEqual(['log'])
  })

  it('unindexed_foreign_keys: a key without an index, not one led by an index', async () => {
    await db.exec(`create table public.authors (id int primary key);
      create table public.books (id int primary key, author_id int references public.authors (id));
      create table public.reviews (id int primary key, author_id int references public.authors (id), book_id int references public.books (id));
      create index reviews_book_idx on public.reviews (book_id, id);`)
    const findings = await run('unindexed_foreign_keys')
    expect(findings.map((f) => f.object)).toEqual(['books', 'reviews'])
    expect(findings[1].detail).toContain('(author_id)')
    expect(findings[0].fix).toBe('create index on "public"."books" ("author_id");')
    expect(await fixAll('unindexed_foreign_keys')).toEqual([])
  })

  it('duplicate_index: identical indexes, keeping the one behind a constraint', async () => {
    await db.exec(`create table public.users (id int primary key, email text, name text);
      create unique index users_id_again on public.users (id);
      create index users_email_a on public.users (email); create index users_email_b on public.users (email);
      create index users_lower_email on public.users (lower(email)); create index users_name on public.users (name);`)
    const findings = await run('duplicate_index')
    expect(findings).toHaveLength(2)
    const fixes = findings.map((f) => f.fix)
    expect(fixes).toContain('drop index "public"."users_id_again";')
    expect(fixes).toContain('drop index "public"."users_email_b";')
    expect(await fixAll('duplicate_index')).toEqual([])
    const left = await db.query(`select indexname as name, 'public' as schema from pg_indexes where tablename = 'users' order by 1`)
    expect(left.map((r) => r.name)).toEqual(['users_email_a', 'users_lower_email', 'users_name', 'users_pkey'])
  })
})
