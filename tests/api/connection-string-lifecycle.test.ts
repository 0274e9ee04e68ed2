import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { psql, withPassword } from './helpers/psql'
import { createActiveProject, createOrg, STRONG_DB_PASS, waitForStatus } from './projects-helpers'

/**
 * The connection string works with the password chosen when creating the project (on PGlite
 * too, where the database only exists once provisioned, possibly after a restart), and on PGlite
 * its loopback port answers from the server's start, on the same port, without anyone reading
 * the project first; a paused project's port is closed. The platform runs with
 * PGLITE_PORT_BASE=0 (ports the system picks): getting the same port again is the stored one.
 */

const onPglite = !process.env.TEST_DATABASE_URL

describe('connection string: creation password, restarts, pause', () => {
  let platform: TestPlatform
  let owner: { token: string }
  let orgSlug: string
  let project: { ref: string; connectionString: string }

  const store = async () => (await import('@/server/db/store')).getStore()
  const keptVerifiers = async (ref: string) =>
    (
      await (
        await store()
      ).query<{ verifier: string }>(
        'select v.verifier from platform.project_creation_verifiers v join platform.projects p on p.id = v.project_id where p.ref = $1',
        [ref]
      )
    ).rows

  /** What a server restart leaves: no port, no open database, no job, the store reopened from disk. */
  async function restart(): Promise<void> {
    await (await import('@/server/projects/jobs')).closeAllProjectDatabases()
    await (await import('@/server/logs/recorder')).flushLogEvents()
    await (await import('@/server/db/store')).closeStore()
  }

  /** What instrumentation.ts runs when the server starts. */
  const serverStart = async () => (await import('@/server/projects/wire/server')).serveActiveProjectPorts()

  /** Connects with pg and reads the role; the error when it cannot. */
  async function connectAs(url: string): Promise<{ who?: string; code?: string }> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 20_000 })
    try {
      await client.connect()
      return { who: (await client.query('select current_user as who')).rows[0].who }
    } catch (error) {
      return { code: (error as { code?: string }).code }
    } finally {
      await client.end().catch(() => {})
    }
  }

  /** The project's status from the list, which (unlike the detail) never opens its port. */
  const waitInList = (ref: string, status: string) =>
    vi.waitFor(
      async () => {
        const res = await platform.request('/platform/projects', { token: owner.token })
        expect(res.body.find((p: { ref: string }) => p.ref === ref)?.status).toBe(status)
      },
      { timeout: 30_000, interval: 100 }
    )

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true, env: { PGLITE_PORT_BASE: '0' } })
    const o = await platform.createUser()
    owner = o
    orgSlug = (await createOrg('pro', [[o.id, 'Owner']])).slug
    project = await createActiveProject(platform, o.token, orgSlug, 'Created with a password')
  }, 120_000)
  afterAll(async () => platform?.close())

  it('psql and pg connect with the password given at creation; the platform keeps no creation row of it', async () => {
    const url = withPassword(project.connectionString, STRONG_DB_PASS)
    const made = await psql(url, 'select current_user')
    expect(made, made.stderr).toMatchObject({ code: 0 })
    expect(made.stdout.trim()).toBe(`project_${project.ref}`)
    expect(await connectAs(url)).toEqual({ who: `project_${project.ref}` })
    expect(await connectAs(withPassword(project.connectionString, `${STRONG_DB_PASS}x`))).toEqual({ code: '28P01' })
    // Provisioned: the verifier is the project's (PGlite: platform.project_db_verifiers; a server: the `_login` role), the creation row is gone.
    expect(await keptVerifiers(project.ref)).toEqual([])
  }, 60_000)

  it.runIf(onPglite)('PGlite: the creation password holds when the server restarts before the database is made', async () => {
    // As if the server that took the provisioning job stopped first: its lease holds the job.
    const db = await store()
    await db.exec("alter table platform.projects alter column job_lease_until set default now() + interval '1 hour'")
    let ref: string
    try {
      const res = await platform.request('/platform/projects', {
        token: owner.token,
        body: { name: 'Restarted before provisioning', organization_slug: orgSlug, region: 'eu-west-1', db_pass: STRONG_DB_PASS },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ref = res.body.ref
    } finally {
      await db.exec('alter table platform.projects alter column job_lease_until drop default')
    }
    // Only the SCRAM verifier is kept until then, not the password.
    const kept = await keptVerifiers(ref)
    expect(kept).toHaveLength(1)
    expect(kept[0].verifier).toMatch(/^SCRAM-SHA-256\$4096:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/)
    expect(kept[0].verifier).not.toContain(STRONG_DB_PASS)

    await restart()
    // The lease of the stopped server runs out; the next read resumes the job in this "process".
    await (await store()).query('update platform.projects set job_lease_until = now() - interval \'1 second\' where ref = $1', [ref])
    const active = await waitForStatus(platform, owner.token, ref, 'ACTIVE_HEALTHY')
    expect(await connectAs(withPassword(active.connectionString, STRONG_DB_PASS))).toEqual({ who: `project_${ref}` })
    expect(await keptVerifiers(ref)).toEqual([])
  }, 90_000)

  it.runIf(onPglite)('PGlite: after a restart the port answers at once, the same port, before anyone reads the project', async () => {
    const url = withPassword(project.connectionString, STRONG_DB_PASS)
    await restart()
    expect(await connectAs(url)).toEqual({ code: 'ECONNREFUSED' }) // no port until the server starts
    await serverStart()
    expect(await connectAs(url)).toEqual({ who: `project_${project.ref}` })
    const shown = await platform.request(`/platform/projects/${project.ref}`, { token: owner.token })
    expect(shown.body.connectionString).toBe(project.connectionString)
  }, 60_000)

  it.runIf(onPglite)('PGlite: a paused project is not served, even after a restart; restored, it answers on its port again', async () => {
    const url = withPassword(project.connectionString, STRONG_DB_PASS)
    expect((await platform.request(`/platform/projects/${project.ref}/pause`, { token: owner.token, body: {} })).status).toBe(200)
    await waitInList(project.ref, 'INACTIVE')
    expect(await connectAs(url)).toEqual({ code: 'ECONNREFUSED' })
    await restart()
    await serverStart()
    expect(await connectAs(url)).toEqual({ code: 'ECONNREFUSED' })

    expect((await platform.request(`/platform/projects/${project.ref}/restore`, { token: owner.token, body: {} })).status).toBe(200)
    await waitInList(project.ref, 'ACTIVE_HEALTHY')
    expect(await connectAs(url)).toEqual({ who: `project_${project.ref}` })
  }, 90_000)

  it.runIf(onPglite)('PGlite: two projects whose ports open at the same moment both get one', async () => {
    const other = await createActiveProject(platform, owner.token, orgSlug, 'Second port')
    const wire = await import('@/server/projects/wire/server')
    await Promise.all([wire.closeWireListener(project.ref), wire.closeWireListener(other.ref)])
    // Each opening once waited on the other's, so two at once never finished (jobs, restarts).
    const ports = await Promise.all([wire.ensureWireListener(project.ref), wire.ensureWireListener(other.ref)])
    expect(ports[0]).not.toBe(ports[1])
  }, 60_000)
})
