import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_FUNCTIONS_SQL, parseApiFunctions } from '@/lib/api-docs/functions'
import { alterPolicySql, createPolicySql, dropPolicySql, parsePolicyTables, POLICY_EXCLUDED_SCHEMAS, POLICY_TABLES_SQL, policyToSpec, setRowLevelSecuritySql } from '@/lib/database/policies'
import { POLICY_TEMPLATES } from '@/lib/database/policy-templates'
import { postgresArrayText } from '@/lib/sql/table-description'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * The Policies screen's and the API docs' SQL through the real platform endpoint on a project
 * database, run as the member's (non-superuser) roles: a Read-only member lists, a Developer
 * changes, and the project API's roles then see what the policies allow.
 */
type Role = 'anon' | 'authenticated' | 'service_role'

describe('Authentication → Policies on a project database', () => {
  let platform: TestPlatform
  let developer: { token: string }
  let reader: { token: string }
  let ref: string
  const alice = crypto.randomUUID()
  const bob = crypto.randomUUID()
  const todos = { schema: 'public', name: 'todos' }
  const template = (id: string) => POLICY_TEMPLATES.find((t) => t.id === id)!

  const run = async (token: string, query: string, parameters?: unknown[]) => {
    const res = await sql(platform, token, ref, query, parameters)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows as Record<string, unknown>[]
  }
  const listed = async () => parsePolicyTables(await run(reader.token, POLICY_TABLES_SQL, [postgresArrayText(POLICY_EXCLUDED_SCHEMAS)])).find((t) => t.name === 'todos')!
  const tasks = async (role: Role, sub: string | null) => {
    const { withRequestRole } = await import('@/server/projects/request-role')
    const claims = { sub: sub ?? '', role }
    return withRequestRole(ref, { role, claims }, async (session) => (await session.query('select task from public.todos order by task')).rows.map((r) => (r as { task: string }).task))
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const owner = await platform.createUser()
    const dev = await platform.createUser()
    const ro = await platform.createUser()
    developer = dev
    reader = ro
    const org = await createOrg('pro', [
      [owner.id, 'Owner'],
      [dev.id, 'Developer'],
      [ro.id, 'Read-only'],
    ])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Policies')).ref
    await run(developer.token, `create table public.todos (id serial primary key, user_id uuid, task text);
      insert into public.todos (user_id, task) values ('${alice}', 'alice task'), ('${bob}', 'bob task');
      create function public.add(a integer, b integer default 1) returns integer language sql as $$ select a + b $$;`)
  }, 120_000) // a platform and a project database: slow on a shared machine
  afterAll(async () => platform?.close())

  it('lists the table for a Read-only member, with RLS off: the anon key reads everything', async () => {
    expect(await listed()).toMatchObject({ rlsEnabled: false, uuidColumns: ['user_id'], policies: [] })
    expect(await tasks('anon', null)).toEqual(['alice task', 'bob task'])
    // The auth schema's tables are the platform's: never listed.
    const all = parsePolicyTables(await run(reader.token, POLICY_TABLES_SQL, [postgresArrayText(POLICY_EXCLUDED_SCHEMAS)]))
    expect(all.some((t) => t.schema === 'auth')).toBe(false)
  })

  it('refuses a Read-only member turning RLS on', async () => {
    const res = await sql(platform, reader.token, ref, setRowLevelSecuritySql(todos, true))
    expect(res.status).toBe(400)
  })

  it('RLS on, then own-rows policies: each user sees their rows, anon none, service_role all', async () => {
    await run(developer.token, setRowLevelSecuritySql(todos, true))
    expect(await tasks('anon', null)).toEqual([])
    await run(developer.token, createPolicySql(todos, template('own-read').build('user_id')))
    expect(await tasks('authenticated', alice)).toEqual(['alice task'])
    expect(await tasks('authenticated', bob)).toEqual(['bob task'])
    expect(await tasks('anon', null)).toEqual([])
    expect(await tasks('service_role', null)).toEqual(['alice task', 'bob task'])
  })

  it('edits (in place and by drop + create) and drops', async () => {
    const own = (await listed()).policies[0]
    await run(developer.token, alterPolicySql(todos, own, { ...policyToSpec(own), roles: ['anon', 'authenticated'], using: 'true' }) as string)
    expect(await tasks('anon', null)).toEqual(['alice task', 'bob task'])
    const everyone = (await listed()).policies[0]
    await run(developer.token, alterPolicySql(todos, everyone, { ...policyToSpec(everyone), command: 'DELETE' }) as string)
    expect((await listed()).policies).toMatchObject([{ command: 'DELETE', roles: ['anon', 'authenticated'] }])
    expect(await tasks('anon', null)).toEqual([])
    await run(developer.token, dropPolicySql(todos, everyone.name))
    expect((await listed()).policies).toEqual([])
  })

  it("lists the API docs' functions for a Read-only member", async () => {
    const functions = parseApiFunctions(await run(reader.token, API_FUNCTIONS_SQL, ['public']))
    expect(functions.map((f) => f.name)).toContain('add')
  })
})
