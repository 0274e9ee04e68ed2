/**
 * The policy builders' SQL on a real Postgres (PGlite): the listing reads what the DDL did, and
 * the template policies really decide which rows each API role sees. `auth.uid()` here reads the
 * claim the way the platform's helper does (request.jwt.claim.sub).
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { alterPolicySql, createPolicySql, dropPolicySql, parsePolicyTables, POLICY_EXCLUDED_SCHEMAS, POLICY_TABLES_SQL, policyToSpec, setRowLevelSecuritySql } from '@/lib/database/policies'
import { POLICY_TEMPLATES } from '@/lib/database/policy-templates'
import { postgresArrayText } from '@/lib/sql/table-description'

let db: PGlite
const ALICE = '00000000-0000-0000-0000-00000000000a'
const BOB = '00000000-0000-0000-0000-00000000000b'

async function run(sql: string): Promise<void> {
  try {
    await db.exec(sql)
  } finally {
    if (await db.isInTransaction()) await db.exec('rollback')
  }
}

const tables = async () => parsePolicyTables((await db.query<Record<string, unknown>>(POLICY_TABLES_SQL, [postgresArrayText(POLICY_EXCLUDED_SCHEMAS)])).rows)
const notes = async () => (await tables()).find((t) => t.name === 'notes')!
const template = (id: string) => POLICY_TEMPLATES.find((t) => t.id === id)!

/** The rows `role` (with user `sub`) sees, and what an insert as that user does. */
async function asUser<T>(role: string, sub: string | null, work: () => Promise<T>): Promise<T> {
  await db.exec(`begin; set local role ${role}; select set_config('request.jwt.claim.sub', '${sub ?? ''}', true);`)
  try {
    return await work()
  } finally {
    await db.exec('rollback')
  }
}
const visibleBodies = (role: string, sub: string | null) =>
  asUser(role, sub, async () => (await db.query<{ body: string }>('select body from public.notes order by body')).rows.map((r) => r.body))

beforeAll(async () => {
  db = await freshPglite({ extensions: { citext } })
  await db.exec(`
    create role anon nologin; create role authenticated nologin; create role service_role nologin bypassrls;
    create schema auth;
    create table auth.users (id uuid primary key);
    create function auth.uid() returns uuid language sql stable as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;
    grant usage on schema auth, public to anon, authenticated, service_role;
    grant execute on function auth.uid() to anon, authenticated, service_role;
    create table public.notes (id serial primary key, owner uuid, user_id uuid, body text);
    grant all on public.notes to anon, authenticated, service_role;
    grant usage on sequence public.notes_id_seq to anon, authenticated, service_role;
    insert into public.notes (user_id, body) values ('${ALICE}', 'alice'), ('${BOB}', 'bob');
    create extension citext;
    create table public.made_by_extension (id int);
    alter extension citext add table public.made_by_extension;
    create schema "My Schema";
    create table "My Schema"."odd ""name""" (id int);
  `)
}, 60_000)

afterAll(async () => {
  await db?.close()
})

describe('policies on PGlite', () => {
  it('lists the user tables (not auth, none an extension owns) with RLS off, uuid columns and no policies', async () => {
    const list = await tables()
    expect(list.map((t) => `${t.schema}.${t.name}`)).toEqual(['public.notes', 'My Schema.odd "name"'])
    expect(list[0]).toMatchObject({ rlsEnabled: false, uuidColumns: ['owner', 'user_id'], policies: [] })
    // RLS off: the anon key reads everything.
    expect(await visibleBodies('anon', null)).toEqual(['alice', 'bob'])
  })

  it('RLS on with no policy: nobody but service_role sees rows', async () => {
    await run(setRowLevelSecuritySql({ schema: 'public', name: 'notes' }, true))
    expect((await notes()).rlsEnabled).toBe(true)
    expect(await visibleBodies('anon', null)).toEqual([])
    expect(await visibleBodies('authenticated', ALICE)).toEqual([])
    expect(await visibleBodies('service_role', null)).toEqual(['alice', 'bob'])
    await run(setRowLevelSecuritySql({ schema: 'My Schema', name: 'odd "name"' }, true))
    expect((await tables())[1].rlsEnabled).toBe(true)
  })

  it('own-rows templates let a user read, add and change only their rows', async () => {
    const t = { schema: 'public', name: 'notes' }
    for (const id of ['own-read', 'own-insert', 'own-update']) await run(createPolicySql(t, template(id).build('user_id')))
    const listed = (await notes()).policies
    expect(listed.map((p) => [p.name, p.command, p.roles])).toEqual([
      ['Users can insert their own rows', 'INSERT', ['authenticated']],
      ['Users can read their own rows', 'SELECT', ['authenticated']],
      ['Users can update their own rows', 'UPDATE', ['authenticated']],
    ])
    expect(listed[1].using).toMatch(/auth\.uid\(\)/)
    expect(listed[0]).toMatchObject({ using: null, withCheck: expect.stringMatching(/user_id/) })

    expect(await visibleBodies('authenticated', ALICE)).toEqual(['alice'])
    expect(await visibleBodies('anon', null)).toEqual([])
    await expect(asUser('authenticated', ALICE, () => db.query(`insert into public.notes (user_id, body) values ('${BOB}', 'forged')`))).rejects.toThrow(/row-level security/)
    await asUser('authenticated', ALICE, async () => {
      await db.query(`insert into public.notes (user_id, body) values ('${ALICE}', 'mine')`)
      const updated = await db.query(`update public.notes set body = 'changed' where body = 'bob'`)
      expect(updated.affectedRows).toBe(0)
    })
  })

  it('alters in place, drops and recreates for a new command, and drops', async () => {
    const t = { schema: 'public', name: 'notes' }
    const read = (await notes()).policies.find((p) => p.command === 'SELECT')!
    await run(alterPolicySql(t, read, { ...policyToSpec(read), name: 'read everyone', roles: ['anon', 'authenticated'], using: 'true' }) as string)
    const renamed = (await notes()).policies.find((p) => p.name === 'read everyone')!
    expect(renamed).toMatchObject({ command: 'SELECT', roles: ['anon', 'authenticated'], using: 'true' })
    expect(await visibleBodies('anon', null)).toEqual(['alice', 'bob'])

    await run(alterPolicySql(t, renamed, { ...policyToSpec(renamed), command: 'ALL', roles: [], withCheck: 'false' }) as string)
    expect((await notes()).policies.find((p) => p.name === 'read everyone')).toMatchObject({ command: 'ALL', roles: ['public'], withCheck: 'false' })

    await run(dropPolicySql(t, 'read everyone'))
    expect((await notes()).policies.map((p) => p.name)).not.toContain('read everyone')
    expect(await visibleBodies('anon', null)).toEqual([])
  })

  it('the other templates run', async () => {
    const t = { schema: 'public', name: 'notes' }
    for (const id of ['read-everyone', 'insert-authenticated', 'own-delete', 'service-role']) await run(createPolicySql(t, template(id).build('owner')))
    expect((await notes()).policies).toHaveLength(6)
    expect(await visibleBodies('anon', null)).toEqual(['alice', 'bob'])
  })
})
