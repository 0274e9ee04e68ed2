import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { LINTS } from '@/lib/advisors/lints'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql, STRONG_DB_PASS } from './projects-helpers'

type User = { id: string; email: string; token: string }

describe('advisor rules (hosted)', () => {
  let platform: TestPlatform
  let owner: User, admin: User, developer: User, readOnly: User, outsider: User
  let ref: string
  const rules = (token: string, r = ref) => platform.request(`/platform/projects/${r}/advisors/rules`, { token })
  const put = (token: string, name: string | undefined, body: object, r = ref) =>
    platform.request(`/platform/projects/${r}/advisors/rules`, { method: 'PATCH', token, body: name === undefined ? body : { name, ...body } })

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;[owner, admin, developer, readOnly, outsider] = await Promise.all([1, 2, 3, 4, 5].map(() => platform.createUser()))
    const org = await createOrg('pro', [
      [owner.id, 'Owner'],
      [admin.id, 'Admin'],
      [developer.id, 'Developer'],
      [readOnly.id, 'Read-only'],
    ])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Advisors')).ref
  }, 120_000)
  afterAll(async () => platform?.close())

  it('lists every lint of the catalogue, all on, to any member', async () => {
    const res = await rules(readOnly.token)
    expect(res.status).toBe(200)
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(LINTS.map((l) => l.name))
    expect(res.body.every((r: { disabled: boolean }) => !r.disabled)).toBe(true)
    expect(res.body[0]).toMatchObject({ name: 'rls_disabled_in_public', level: 'ERROR', category: 'SECURITY', reason: null, updated_at: null })
  })

  it('an Admin disables a rule with a reason; everyone sees it; re-enabling clears the reason', async () => {
    const off = await put(admin.token, 'no_primary_key', { disabled: true, reason: '  Log tables have no key on purpose  ' })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    expect(off.body).toMatchObject({ name: 'no_primary_key', disabled: true, reason: 'Log tables have no key on purpose', updated_by: admin.email })
    expect(Date.parse(off.body.updated_at)).toBeGreaterThan(Date.now() - 60_000)

    const seen = (await rules(developer.token)).body.find((r: { name: string }) => r.name === 'no_primary_key')
    expect(seen).toMatchObject({ disabled: true, reason: 'Log tables have no key on purpose' })

    const on = await put(owner.token, 'no_primary_key', { disabled: false, reason: 'ignored when enabling' })
    expect(on.status).toBe(200)
    expect(on.body).toMatchObject({ disabled: false, reason: null, updated_by: owner.email })
  })

  it('records each switch in the organization audit log', async () => {
    await put(owner.token, 'duplicate_index', { disabled: true })
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    const { rows } = await db.query<{ action: string; target: string; metadata: { rule: string } }>(
      `select action, target, metadata from platform.audit_logs where action like 'project.advisor_rule_%' order by id`
    )
    expect(rows.map((r) => [r.action, r.target, r.metadata.rule])).toEqual([
      ['project.advisor_rule_disabled', ref, 'no_primary_key'],
      ['project.advisor_rule_enabled', ref, 'no_primary_key'],
      ['project.advisor_rule_disabled', ref, 'duplicate_index'],
    ])
  })

  it('refuses Developers and Read-only members, and hides the project from outsiders', async () => {
    for (const user of [developer, readOnly]) {
      const res = await put(user.token, 'duplicate_index', { disabled: false })
      expect(res.status).toBe(403)
      expect(res.body.message).toMatch(/needs Admin/)
    }
    expect((await put(outsider.token, 'duplicate_index', { disabled: false })).status).toBe(404)
    expect((await rules(outsider.token)).status).toBe(404)
    expect((await rules(owner.token)).body.find((r: { name: string }) => r.name === 'duplicate_index').disabled).toBe(true)
  })

  it('answers 400 naming an unknown rule or a bad body, and changes nothing', async () => {
    const unknown = await put(owner.token, 'no_such_lint', { disabled: true })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toContain('unknown advisor rule "no_such_lint"')
    const noName = await put(owner.token, undefined, { disabled: true })
    expect(noName.status).toBe(400)
    expect(noName.body.message).toContain('name')
    const longReason = await put(owner.token, 'duplicate_index', { disabled: true, reason: 'x'.repeat(501) })
    expect(longReason.status).toBe(400)
    expect(longReason.body.message).toContain('reason')
    const noFlag = await put(owner.token, 'duplicate_index', { reason: 'why' })
    expect(noFlag.status).toBe(400)
    expect(noFlag.body.message).toContain('disabled')
  })

  it('a Read-only member can run every lint through pg-meta (each is one read-only statement)', async () => {
    const created = await sql(platform, owner.token, ref, 'create table public.open_notes (id int primary key, body text)')
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    for (const lint of LINTS) {
      const res = await sql(platform, readOnly.token, ref, lint.sql)
      expect(res.status, `${lint.name}: ${JSON.stringify(res.body)}`).toBe(200)
      if (lint.name === 'rls_disabled_in_public') expect(res.body.rows).toEqual([{ schema: 'public', name: 'open_notes' }])
      // What the platform itself puts in every project database (the auth schema's functions,
      // the API roles' grants) is never the member's finding.
      else expect(res.body.rows, lint.name).toEqual([])
    }
  })
})

describe('advisor rules (self-hosted)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  }, 120_000)
  afterAll(async () => platform?.close())

  it('work on the default project without signing in', async () => {
    const { waitForStatus } = await import('./projects-helpers')
    await waitForStatus(platform, undefined, 'default', 'ACTIVE_HEALTHY')
    const off = await platform.request('/platform/projects/default/advisors/rules', {
      method: 'PATCH',
      body: { name: 'rls_enabled_no_policy', disabled: true, reason: 'Owner-only tables' },
    })
    expect(off.status, JSON.stringify(off.body)).toBe(200)
    const list = await platform.request('/platform/projects/default/advisors/rules')
    expect(list.status).toBe(200)
    expect(list.body.find((r: { name: string }) => r.name === 'rls_enabled_no_policy')).toMatchObject({ disabled: true, reason: 'Owner-only tables' })
  })
})

describe('query performance SQL on a project database', () => {
  let platform: TestPlatform
  let owner: User, developer: User, readOnly: User
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;[owner, developer, readOnly] = await Promise.all([platform.createUser(), platform.createUser(), platform.createUser()])
    const org = await createOrg('pro', [
      [owner.id, 'Owner'],
      [developer.id, 'Developer'],
      [readOnly.id, 'Read-only'],
    ])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Performance')).ref
    const setup = await sql(
      platform,
      owner.token,
      ref,
      `create table public.orders (id int primary key, note text);
       insert into public.orders select g, 'n' || g from generate_series(1, 200) g;
       create index orders_note_idx on public.orders (note);`
    )
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  }, 120_000)
  afterAll(async () => platform?.close())

  it('reads table, index, cache and activity statistics as a Read-only member', async () => {
    const qp = await import('@/lib/advisors/query-performance')
    const run = async (query: string) => {
      const res = await sql(platform, readOnly.token, ref, query)
      expect(res.status, `${query.slice(0, 60)}: ${JSON.stringify(res.body)}`).toBe(200)
      return res.body.rows as Record<string, unknown>[]
    }
    await sql(platform, owner.token, ref, 'select count(*) from public.orders')
    // Postgres and PGlite publish table counters with a delay of up to a second.
    await vi.waitFor(async () => expect((await run(qp.TABLE_STATS_SQL)).find((t) => t.name === 'orders')?.seq_scan).toBeGreaterThan(0), {
      timeout: 5_000,
      interval: 250,
    })
    const unused = await run(qp.UNUSED_INDEXES_SQL)
    expect(unused.map((i) => i.name)).toContain('orders_note_idx')
    expect(unused.find((i) => i.name === 'orders_pkey')?.backs_constraint).toBe(true)
    const [cache] = await run(qp.CACHE_HIT_SQL)
    expect(Number(cache.heap_hit) + Number(cache.heap_read)).toBeGreaterThan(0)
    const activity = await platform.request(`/platform/projects/${ref}/running-queries`, { token: readOnly.token })
    expect(activity.status, JSON.stringify(activity.body)).toBe(200)
    expect(activity.body).toEqual({ embedded: platform.kind === 'pglite', queries: [] }) // the platform's own connections are not listed
    const [status] = await run(qp.STATEMENTS_STATUS_SQL)
    expect(status).toMatchObject({ installed: false, schema: null, embedded: platform.kind === 'pglite' })
    // PGlite ships pg_stat_statements among its contrib extensions.
    if (platform.kind === 'pglite') expect(status.available).toBe(true)
  })

  it.runIf(!usePostgres)('enables pg_stat_statements on PGlite without preloading; it records statements; the owner resets them', async () => {
    const qp = await import('@/lib/advisors/query-performance')
    const readonlyRun = async (query: string, parameters?: unknown[]) => {
      const res = await sql(platform, readOnly.token, ref, query, parameters)
      expect(res.status, `${query.slice(0, 60)}: ${JSON.stringify(res.body)}`).toBe(200)
      return res.body.rows as Record<string, unknown>[]
    }
    const refused = await sql(platform, readOnly.token, ref, qp.ENABLE_STATEMENTS_SQL)
    expect(refused.status).toBe(400)
    const enable = await sql(platform, owner.token, ref, qp.ENABLE_STATEMENTS_SQL)
    expect(enable.status, JSON.stringify(enable.body)).toBe(200)
    const [status] = await readonlyRun(qp.STATEMENTS_STATUS_SQL)
    expect(status).toMatchObject({ installed: true, schema: expect.any(String) })
    const schema = status.schema as string

    for (const id of [1, 2, 3]) await sql(platform, owner.token, ref, `select note from public.orders where id = ${id}`)
    const recorded = await readonlyRun(qp.statementsSql(schema, 'calls'), ['public.orders where id'])
    expect(recorded).toEqual([expect.objectContaining({ query: 'select note from public.orders where id = $1', calls: 3, rows: 3 })])

    const reset = await sql(platform, owner.token, ref, qp.resetStatementsSql(schema))
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect(await readonlyRun(qp.statementsSql(schema, 'calls'), ['public.orders where id'])).toEqual([])
  })

  it.runIf(usePostgres)("lists the application's running query, which members' roles cannot see, and a Developer cancels it (issue 22)", async () => {
    const pg = (await import('pg')).default
    const { projectRoleNames } = await import('@/server/projects/targets')
    const { getStore } = await import('@/server/db/store')
    // The project's own application: a client signed in with the connection string's role, which
    // takes on the owner role but is not one members' SQL runs as (so no member sets its password):
    // Postgres shows its sessions' state and text only to members of that role, so the platform reads them.
    const { login, owner: database } = projectRoleNames(ref)
    const url = new URL(platform.databaseUrl!)
    Object.assign(url, { username: login, password: STRONG_DB_PASS, pathname: `/${database}` })
    const app = new pg.Client({ connectionString: url.toString(), application_name: 'shop-app' })
    await app.connect()
    try {
      expect((await app.query('select current_user as who')).rows).toEqual([{ who: database }])
      const sleeping = app.query('select pg_sleep(30) as slept').then(
        () => null,
        (error: Error & { code?: string }) => error
      )
      const hidden = await sql(platform, owner.token, ref, `select count(*)::int as n, count(state)::int as shown from pg_stat_activity where usename = '${login}' and datname = current_database()`)
      expect(hidden.body.rows[0].shown).toBe(0)
      let pid = 0
      await vi.waitFor(
        async () => {
          const res = await platform.request(`/platform/projects/${ref}/running-queries`, { token: readOnly.token })
          expect(res.status).toBe(200)
          const running = (res.body.queries as { pid: number; role: string; application_name: string; query: string }[]).find((q) => q.query.includes('pg_sleep(30)'))
          expect(running).toMatchObject({ role: login, application_name: 'shop-app' })
          pid = running!.pid
        },
        { timeout: 10_000, interval: 200 }
      )
      const cancelUrl = `/platform/projects/${ref}/running-queries/${pid}/cancel`
      expect((await platform.request(cancelUrl, { method: 'POST', token: readOnly.token })).status).toBe(403)
      // Another database's session (the platform's own) is not the project's to cancel.
      const { rows } = await (await getStore()).query<{ pid: number }>('select pg_backend_pid() as pid')
      const foreign = await platform.request(`/platform/projects/${ref}/running-queries/${rows[0].pid}/cancel`, { method: 'POST', token: owner.token })
      expect(foreign.status, JSON.stringify(foreign.body)).toBe(404)
      const cancelled = await platform.request(cancelUrl, { method: 'POST', token: developer.token })
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(cancelled.body).toEqual({ cancelled: true })
      expect(await sleeping).toMatchObject({ code: '57014' })
    } finally {
      await app.end()
    }
  })
})
