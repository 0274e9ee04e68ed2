import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { psql, withPassword } from './helpers/psql'
import { createActiveProject, createOrg, sql } from './projects-helpers'

/**
 * The connection string on the project page really connects, on PGlite (the project's loopback
 * port) and on a Postgres server (the owner role): psql and pg, with the password set through
 * POST /platform/projects/:ref/db-password; a wrong one is refused; one project's string never
 * reaches another's data.
 */

describe('connection string', () => {
  let platform: TestPlatform
  let owner: { token: string }
  let developer: { token: string }
  let first: { ref: string }
  let second: { ref: string }
  const firstPassword = 'Wire-test password #1 ok'
  const secondPassword = 'another:one/with@odd?chars'

  async function connectionString(ref: string): Promise<string> {
    const res = await platform.request(`/platform/projects/${ref}`, { token: owner.token })
    expect(res.status).toBe(200)
    return res.body.connectionString
  }

  const setPassword = (ref: string, body: unknown, token = owner.token) =>
    platform.request(`/platform/projects/${ref}/db-password`, { token, body })

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const o = await platform.createUser()
    const d = await platform.createUser()
    owner = o
    developer = d
    const org = await createOrg('pro', [
      [o.id, 'Owner'],
      [d.id, 'Developer'],
    ])
    first = await createActiveProject(platform, o.token, org.slug, 'Wire one')
    second = await createActiveProject(platform, o.token, org.slug, 'Wire two')
  }, 120_000)
  afterAll(async () => platform?.close())

  it('shows a postgresql:// URL for the project: a loopback port on PGlite, the owner role on a server', async () => {
    const url = new URL(await connectionString(first.ref))
    expect(url.protocol).toBe('postgresql:')
    expect(url.password).toBe(encodeURIComponent('[YOUR-PASSWORD]'))
    // On a server the `_login` role, which takes on the owner role (issue 22: not the role members' SQL runs as).
    expect(url.username).toBe(platform.kind === 'pglite' ? `project_${first.ref}` : `project_${first.ref}_login`)
    if (platform.kind === 'pglite') {
      expect(url.hostname).toBe('127.0.0.1')
      expect(url.pathname).toBe('/postgres')
      // Each project has its own port, stable while the platform runs.
      const other = new URL(await connectionString(second.ref))
      expect(other.port).not.toBe(url.port)
      expect(new URL(await connectionString(first.ref)).port).toBe(url.port)
    } else {
      expect(url.pathname).toBe(`/project_${first.ref}`)
    }
  })

  it('sets the password for Owners and Admins only, validated, and audit-logs it', async () => {
    expect((await setPassword(first.ref, { password: firstPassword }, developer.token)).status).toBe(403)
    const short = await setPassword(first.ref, { password: 'too-short' })
    expect(short.status).toBe(400)
    expect(JSON.stringify(short.body)).toMatch(/password: must be at least 12 characters/)
    expect((await setPassword(first.ref, { password: 'x'.repeat(129) })).status).toBe(400)
    expect(JSON.stringify((await setPassword(first.ref, { password: 'pässword-with-umlaut' })).body)).toMatch(/printable ASCII/)
    const done = await setPassword(first.ref, { password: firstPassword })
    expect(done.status, JSON.stringify(done.body)).toBe(204)
    expect((await setPassword(second.ref, { password: secondPassword })).status).toBe(204)
    const { getStore } = await import('@/server/db/store')
    const { rows } = await (await getStore()).query<{ action: string; metadata: unknown }>(
      'select action, metadata from platform.audit_logs where target = $1 and action = $2',
      [first.ref, 'project.db_password_changed']
    )
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows[0].metadata)).not.toContain(firstPassword)
  })

  it('psql and pg connect with it; what they write, the platform sees', async () => {
    const url = withPassword(await connectionString(first.ref), firstPassword)
    const made = await psql(url, "create table wire_notes (id int primary key, body text); insert into wire_notes values (1, 'from psql'); select count(*) from wire_notes")
    expect(made, made.stderr).toMatchObject({ code: 0 })
    expect(made.stdout.trim().split('\n').at(-1)).toBe('1')

    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      // As the project's owner role, on both stores (what it makes, the dashboard's SQL can use).
      expect((await client.query('select current_user as who')).rows).toEqual([{ who: `project_${first.ref}` }])
      await client.query('insert into wire_notes values ($1, $2)', [2, 'from pg'])
      await client.query('begin')
      await client.query("insert into wire_notes values (3, 'rolled back')")
      await client.query('rollback')
      expect((await client.query('select id, body from wire_notes order by id')).rows).toEqual([
        { id: 1, body: 'from psql' },
        { id: 2, body: 'from pg' },
      ])
      const failed = await client.query('select 1/0').catch((error: { code?: string }) => error)
      expect(failed).toMatchObject({ code: '22012' }) // an error leaves the connection usable
      expect((await client.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }])
    } finally {
      await client.end()
    }

    const seen = await sql(platform, owner.token, first.ref, 'select id, body from public.wire_notes order by id')
    expect(seen.status, JSON.stringify(seen.body)).toBe(200)
    const rows = Array.isArray(seen.body) ? seen.body : seen.body.rows
    expect(rows).toEqual([
      { id: 1, body: 'from psql' },
      { id: 2, body: 'from pg' },
    ])
  }, 60_000)

  it('refuses a wrong password, and another project’s password', async () => {
    const shown = await connectionString(first.ref)
    const wrong = await psql(withPassword(shown, 'not the password at all'), 'select 1')
    expect(wrong.code).not.toBe(0)
    expect(wrong.stderr).toMatch(/password authentication failed/)
    const crossed = await psql(withPassword(shown, secondPassword), 'select 1')
    expect(crossed.stderr).toMatch(/password authentication failed/)
    const client = new pg.Client({ connectionString: withPassword(shown, 'still not the password') })
    const error = await client.connect().then(() => null, (e: { code?: string }) => e)
    await client.end().catch(() => {})
    expect(error).toMatchObject({ code: '28P01' })
  }, 60_000)

  it("a second project's string reaches its own database, not the first's", async () => {
    const url = withPassword(await connectionString(second.ref), secondPassword)
    const res = await psql(url, "select coalesce(to_regclass('public.wire_notes')::text, 'none')")
    expect(res, res.stderr).toMatchObject({ code: 0 })
    expect(res.stdout.trim().split('\n').at(-1)).toBe('none')
  }, 60_000)

  it.runIf(!process.env.TEST_DATABASE_URL)('PGlite: a connection survives its database being closed in between (it opens again)', async () => {
    const client = new pg.Client({ connectionString: withPassword(await connectionString(first.ref), firstPassword) })
    await client.connect()
    try {
      const { closeProjectDatabase, openProjectDatabaseRefs } = await import('@/server/projects/database-cache')
      await client.query("set application_name = 'kept only for one turn'")
      await closeProjectDatabase(first.ref)
      expect(openProjectDatabaseRefs()).not.toContain(first.ref)
      expect((await client.query('select count(*)::int as n from wire_notes')).rows).toEqual([{ n: 2 }])
      // Session settings last one turn: the session is reset before anyone else's turn.
      expect((await client.query('show application_name')).rows[0].application_name).not.toBe('kept only for one turn')
    } finally {
      await client.end()
    }
  }, 60_000)

  it.runIf(!process.env.TEST_DATABASE_URL)('PGlite: a transaction left open without a word is ended, and the dashboard goes on', async () => {
    const { setWireIdleInTransactionMs } = await import('@/server/projects/wire/server')
    const { IDLE_IN_TRANSACTION_MS } = await import('@/server/projects/wire/connection')
    setWireIdleInTransactionMs(300)
    const client = new pg.Client({ connectionString: withPassword(await connectionString(first.ref), firstPassword) })
    const errors: (Error & { code?: string })[] = []
    client.on('error', (error: Error & { code?: string }) => void errors.push(error))
    try {
      await client.connect()
      await client.query('begin')
      await client.query("insert into wire_notes values (9, 'never committed')")
      // The port says why (then the socket closes, which pg reports too).
      await vi.waitFor(() => expect(errors[0]?.code).toBe('25P03'), { timeout: 10_000, interval: 50 })
      const seen = await sql(platform, owner.token, first.ref, 'select count(*)::int as n from public.wire_notes where id = 9')
      expect(seen.status, JSON.stringify(seen.body)).toBe(200)
      expect(Array.isArray(seen.body) ? seen.body : seen.body.rows).toEqual([{ n: 0 }])
    } finally {
      setWireIdleInTransactionMs(IDLE_IN_TRANSACTION_MS)
      await client.end().catch(() => {})
    }
  }, 60_000)
})
