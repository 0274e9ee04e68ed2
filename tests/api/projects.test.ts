import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql, STRONG_DB_PASS, waitForStatus } from './projects-helpers'

type User = { id: string; email: string; token: string }

describe('projects', () => {
  let platform: TestPlatform
  let owner: User
  let developer: User
  let outsider: User
  let org: { id: number; slug: string }
  let proOrg: { id: number; slug: string }

  async function storeCount(sqlText: string, params: unknown[] = []): Promise<number> {
    const { getStore } = await import('@/server/db/store')
    const { rows } = await (await getStore()).query<{ n: number }>(sqlText, params as never[])
    return Number(rows[0].n)
  }

  async function databaseExists(ref: string): Promise<boolean> {
    if (platform.kind === 'pglite') return fs.existsSync(path.join(platform.dataDir, 'projects', ref))
    return (await storeCount('select count(*)::int as n from pg_database where datname = $1', [`project_${ref}`])) === 1
  }

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    owner = await platform.createUser()
    developer = await platform.createUser()
    outsider = await platform.createUser()
    org = await createOrg('free', [
      [owner.id, 'Owner'],
      [developer.id, 'Developer'],
    ])
    proOrg = await createOrg('pro', [[owner.id, 'Owner']])
  })
  afterAll(async () => platform?.close())

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'My project',
    organization_slug: org.slug,
    region: 'eu-west-1',
    db_pass: STRONG_DB_PASS,
    ...extra,
  })

  it('creates a project in COMING_UP that becomes ACTIVE_HEALTHY with a connection string', async () => {
    const res = await platform.request('/platform/projects', { token: owner.token, body: body({ name: 'First' }) })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'First',
      status: 'COMING_UP',
      postgrestStatus: 'OFFLINE',
      organization_id: org.id,
      organization_slug: org.slug,
      region: 'eu-west-1',
      cloud_provider: 'AWS',
      compute_size: 'nano',
      connectionString: null,
      parent_project_ref: null,
      is_branch: false,
      preview_branch_refs: [],
    })
    expect(res.body.ref).toMatch(/^[a-z]{20}$/)

    const detail = await waitForStatus(platform, owner.token, res.body.ref, 'ACTIVE_HEALTHY')
    expect(detail.postgrestStatus).toBe('ONLINE')
    expect(detail.dbVersion).toMatch(/^\d+(\.\d+)?/)
    if (platform.kind === 'pglite') {
      // The project's own loopback port (tests/api/connection-string.test.ts connects to it).
      expect(detail.connectionString).toMatch(new RegExp(`^postgresql://project_${res.body.ref}:\\[YOUR-PASSWORD\\]@127\\.0\\.0\\.1:\\d+/postgres$`))
    } else {
      // A login role of its own, not the owner role members' SQL runs as (issue 22: no member sets its password).
      expect(detail.connectionString).toMatch(new RegExp(`^postgresql://project_${res.body.ref}_login:\\[YOUR-PASSWORD\\]@127\\.0\\.0\\.1:\\d+/project_${res.body.ref}$`))
    }
    expect(await databaseExists(res.body.ref)).toBe(true)

    const list = await platform.request('/platform/projects', { token: owner.token })
    expect(list.status).toBe(200)
    expect(list.body.map((p: { ref: string }) => p.ref)).toContain(res.body.ref)
    const entry = list.body.find((p: { ref: string }) => p.ref === res.body.ref)
    expect(entry).toMatchObject({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'ONLINE', organization_id: org.id })
    expect(entry.connectionString).toBeUndefined()

    // The project's database is real: the developer can use it at once.
    const q = await sql(platform, developer.token, res.body.ref, 'select 40 + 2 as answer')
    expect(q.status).toBe(200)
    expect(q.body.rows).toEqual([{ answer: 42 }])
  })

  it('refuses bad input with 4xx and a message, writing nothing', async () => {
    const before = await storeCount('select count(*)::int as n from platform.projects')
    const cases: [Record<string, unknown> | string, RegExp][] = [
      [body({ db_pass: 'password123' }), /db_pass: the database password is too weak \(strength \d of 4; 4 is required\)/],
      [body({ db_pass: 'x'.repeat(100) }), /Password should be less than 100 characters/],
      [body({ region: 'mars-north-1' }), /region: "mars-north-1" is not a region of AWS/],
      [body({ region: 'eu-west-1', cloud_provider: 'FLY' }), /is not a region of FLY; use one of sin/],
      [body({ compute_size: 'large' }), /free plan offers only the nano compute size/],
      [body({ compute_size: 'huge' }), /compute_size: must be one of/],
      [body({ colour: 'red' }), /unknown field "colour"/],
      [body({ name: '' }), /name: must not be empty/],
      [body({ name: 42 }), /name: must be a string/],
      [body({ organization_slug: 'nope' }), /Organization nope not found/],
      ['{"name":', /Malformed JSON/],
    ]
    for (const [payload, message] of cases) {
      const res = await platform.request('/platform/projects', {
        token: owner.token,
        ...(typeof payload === 'string' ? { rawBody: payload, headers: { 'Content-Type': 'application/json' } } : { body: payload }),
      })
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(res.body.message).toMatch(message)
    }
    expect(await storeCount('select count(*)::int as n from platform.projects')).toBe(before)
  })

  it('lets only Owners and Admins create, and hides other organizations', async () => {
    expect((await platform.request('/platform/projects', { body: body() })).status).toBe(401)
    const dev = await platform.request('/platform/projects', { token: developer.token, body: body() })
    expect(dev.status).toBe(403)
    expect(dev.body.message).toMatch(/Developer.*Admin/)
    const out = await platform.request('/platform/projects', { token: outsider.token, body: body() })
    expect(out.status).toBe(404)
    const list = await platform.request('/platform/projects', { token: outsider.token })
    expect(list.body).toEqual([])
    const [someRef] = (await platform.request('/platform/projects', { token: owner.token })).body.map((p: { ref: string }) => p.ref)
    expect((await platform.request(`/platform/projects/${someRef}`, { token: outsider.token })).status).toBe(404)
  })

  it('enforces the free plan limit of 2 active projects, and a pause frees a slot', async () => {
    const second = await createActiveProject(platform, owner.token, org.slug, 'Second')
    const third = await platform.request('/platform/projects', { token: owner.token, body: body({ name: 'Third' }) })
    expect(third.status).toBe(402)
    expect(third.body.message).toMatch(/free plan allows 2 active projects/)
    expect(await storeCount(`select count(*)::int as n from platform.projects where name = 'Third'`)).toBe(0)

    // A paid organization has no such limit.
    const paid = await platform.request('/platform/projects', { token: owner.token, body: body({ organization_slug: proOrg.slug, name: 'Paid' }) })
    expect(paid.status).toBe(201)
    expect(paid.body.compute_size).toBe('micro')

    // Pausing frees a slot; restoring the paused one is then refused while the slot is taken.
    expect((await platform.request(`/platform/projects/${second.ref}/pause`, { token: owner.token, method: 'POST' })).status).toBe(200)
    await waitForStatus(platform, owner.token, second.ref, 'INACTIVE')
    const replacement = await createActiveProject(platform, owner.token, org.slug, 'Replacement')
    const restore = await platform.request(`/platform/projects/${second.ref}/restore`, { token: owner.token, method: 'POST' })
    expect(restore.status).toBe(402)
    expect((await platform.request(`/platform/projects/${second.ref}`, { token: owner.token })).body.status).toBe('INACTIVE')

    // Tidy up so the next tests have room.
    for (const ref of [replacement.ref, second.ref]) {
      expect((await platform.request(`/platform/projects/${ref}`, { token: owner.token, method: 'DELETE' })).status).toBe(200)
    }
    await waitForStatus(platform, owner.token, paid.body.ref, 'ACTIVE_HEALTHY')
  })

  it('pauses, restores and restarts, answering 409 naming the status for invalid transitions', async () => {
    const [project] = (await platform.request('/platform/projects', { token: owner.token })).body.filter(
      (p: { organization_id: number; status: string }) => p.organization_id === org.id && p.status === 'ACTIVE_HEALTHY'
    )
    const ref = project.ref
    expect((await sql(platform, owner.token, ref, 'create table kept (v text); insert into kept values ($$still here$$)')).status).toBe(200)

    const restoreActive = await platform.request(`/platform/projects/${ref}/restore`, { token: owner.token, method: 'POST' })
    expect(restoreActive.status).toBe(409)
    expect(restoreActive.body.message).toBe(`Project ${ref} is ACTIVE_HEALTHY: it can be restored only when INACTIVE, RESTORE_FAILED, PAUSE_FAILED`)

    const devPause = await platform.request(`/platform/projects/${ref}/pause`, { token: developer.token, method: 'POST' })
    expect(devPause.status).toBe(403)

    const pause = await platform.request(`/platform/projects/${ref}/pause`, { token: owner.token, method: 'POST' })
    expect(pause.status).toBe(200)
    expect(['PAUSING', 'INACTIVE']).toContain(pause.body.status)
    const paused = await waitForStatus(platform, owner.token, ref, 'INACTIVE')
    expect(paused.connectionString).toBeNull()
    expect(paused.postgrestStatus).toBe('OFFLINE')

    const q = await sql(platform, owner.token, ref, 'select 1')
    expect(q.status).toBe(409)
    expect(q.body.message).toMatch(/is INACTIVE/)
    const again = await platform.request(`/platform/projects/${ref}/pause`, { token: owner.token, method: 'POST' })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(new RegExp(`Project ${ref} is INACTIVE: it can be paused only when ACTIVE_HEALTHY`))
    const restartPaused = await platform.request(`/platform/projects/${ref}/restart`, { token: owner.token, method: 'POST' })
    expect(restartPaused.status).toBe(409)
    const withBody = await platform.request(`/platform/projects/${ref}/restore`, { token: owner.token, body: { force: true } })
    expect(withBody.status).toBe(400)

    expect((await platform.request(`/platform/projects/${ref}/restore`, { token: owner.token, method: 'POST' })).status).toBe(200)
    await waitForStatus(platform, owner.token, ref, 'ACTIVE_HEALTHY')
    expect((await sql(platform, owner.token, ref, 'select v from kept')).body.rows).toEqual([{ v: 'still here' }])

    // Developers may restart.
    const restart = await platform.request(`/platform/projects/${ref}/restart`, { token: developer.token, method: 'POST' })
    expect(restart.status).toBe(200)
    await waitForStatus(platform, owner.token, ref, 'ACTIVE_HEALTHY')
    expect((await sql(platform, owner.token, ref, 'select count(*) as n from kept')).body.rows).toEqual([{ n: 1 }])
  })

  it('renames a project (Admin and above)', async () => {
    const [project] = (await platform.request('/platform/projects', { token: owner.token })).body
    const dev = await platform.request(`/platform/projects/${project.ref}`, { token: developer.token, method: 'PATCH', body: { name: 'Nope' } })
    expect(dev.status).toBe(403)
    const bad = await platform.request(`/platform/projects/${project.ref}`, { token: owner.token, method: 'PATCH', body: { name: 'x', region: 'y' } })
    expect(bad.status).toBe(400)
    const res = await platform.request(`/platform/projects/${project.ref}`, { token: owner.token, method: 'PATCH', body: { name: '  Renamed  ' } })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Renamed')
    expect((await platform.request(`/platform/projects/${project.ref}`, { token: owner.token })).body.name).toBe('Renamed')
  })

  it('creates branches that show in the parent and go with it on delete', async () => {
    const [parent] = (await platform.request('/platform/projects', { token: owner.token })).body.filter(
      (p: { organization_id: number; status: string }) => p.organization_id === org.id && p.status === 'ACTIVE_HEALTHY'
    )
    const res = await platform.request(`/platform/projects/${parent.ref}/branches`, { token: developer.token, body: { branch_name: 'feature/login' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'feature/login', parent_project_ref: parent.ref, status: 'COMING_UP', is_default: false })
    const branchRef = res.body.project_ref

    const dup = await platform.request(`/platform/projects/${parent.ref}/branches`, { token: owner.token, body: { branch_name: 'Feature/Login' } })
    expect(dup.status).toBe(409)
    const bad = await platform.request(`/platform/projects/${parent.ref}/branches`, { token: owner.token, body: { branch_name: '../x' } })
    expect(bad.status).toBe(400)

    const branch = await waitForStatus(platform, owner.token, branchRef, 'ACTIVE_HEALTHY')
    expect(branch).toMatchObject({ is_branch: true, parent_project_ref: parent.ref, organization_id: org.id })
    const parentDetail = await platform.request(`/platform/projects/${parent.ref}`, { token: owner.token })
    expect(parentDetail.body.preview_branch_refs).toEqual([branchRef])
    const list = await platform.request('/platform/projects', { token: owner.token })
    expect(list.body.map((p: { ref: string }) => p.ref)).not.toContain(branchRef)
    const branches = await platform.request(`/platform/projects/${parent.ref}/branches`, { token: owner.token })
    expect(branches.body.map((b: { project_ref: string }) => b.project_ref)).toEqual([branchRef])

    // Branches do not count against the free limit, and a branch's database is its own.
    await sql(platform, owner.token, parent.ref, 'create table only_in_parent (id int)')
    const inBranch = await sql(platform, owner.token, branchRef, 'select * from only_in_parent')
    expect(inBranch.status).toBe(400)
    expect(inBranch.body.code).toBe('42P01')

    // A branch of a branch is refused; so is deleting a project through the branch endpoint.
    expect((await platform.request(`/platform/projects/${branchRef}/branches`, { token: owner.token, body: { branch_name: 'x' } })).status).toBe(400)
    expect((await platform.request(`/platform/branches/${parent.ref}`, { token: owner.token, method: 'DELETE' })).status).toBe(404)

    // A branch on its own goes through DELETE /platform/branches/{ref} (Developers may).
    const temp = await platform.request(`/platform/projects/${parent.ref}/branches`, { token: owner.token, body: { branch_name: 'temp' } })
    await waitForStatus(platform, owner.token, temp.body.project_ref, 'ACTIVE_HEALTHY')
    const dropBranch = await platform.request(`/platform/branches/${temp.body.project_ref}`, { token: developer.token, method: 'DELETE' })
    expect(dropBranch.status).toBe(200)
    expect(dropBranch.body).toMatchObject({ project_ref: temp.body.project_ref, status: 'GOING_DOWN' })
    await waitGone(temp.body.project_ref)
    expect((await platform.request(`/platform/projects/${parent.ref}`, { token: owner.token })).body.preview_branch_refs).toEqual([branchRef])

    const del = await platform.request(`/platform/projects/${parent.ref}`, { token: owner.token, method: 'DELETE' })
    expect(del.status).toBe(200)
    expect(del.body.status).toBe('GOING_DOWN')
    const again = await platform.request(`/platform/projects/${parent.ref}`, { token: owner.token, method: 'DELETE' })
    expect([404, 409]).toContain(again.status)
    await waitGone(parent.ref)
    await waitGone(branchRef)
    expect(await databaseExists(parent.ref)).toBe(false)
    expect(await databaseExists(branchRef)).toBe(false)
    expect(await storeCount(`select count(*)::int as n from platform.projects where ref = any($1) and status = 'REMOVED'`, [[parent.ref, branchRef]])).toBe(2)
    expect(await storeCount(`select count(*)::int as n from platform.audit_logs where target = $1 and action = 'project.remove'`, [parent.ref])).toBe(1)
  })

  async function waitGone(ref: string) {
    await vi.waitFor(
      async () => {
        expect((await platform.request(`/platform/projects/${ref}`, { token: owner.token })).status).toBe(404)
      },
      { timeout: 30_000, interval: 100 }
    )
  }

  it('deletes a project that is still coming up without leaving its database behind', async () => {
    const res = await platform.request('/platform/projects', { token: owner.token, body: body({ organization_slug: proOrg.slug, name: 'Short-lived' }) })
    expect(res.status).toBe(201)
    const del = await platform.request(`/platform/projects/${res.body.ref}`, { token: owner.token, method: 'DELETE' })
    expect(del.status).toBe(200)
    expect(del.body.status).toBe('GOING_DOWN')
    await waitGone(res.body.ref)
    expect(await databaseExists(res.body.ref)).toBe(false)
  })

  it('picks up a provisioning job that a stopped server left behind', async () => {
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    const ref = 'resumedprojectaaaaaa'
    const database = platform.kind === 'pglite' ? `projects/${ref}` : `project_${ref}`
    // As a server that died mid-job leaves it: COMING_UP, lease expired, the database half made.
    if (platform.kind === 'pglite') {
      fs.mkdirSync(path.join(platform.dataDir, 'projects', ref), { recursive: true })
      fs.writeFileSync(path.join(platform.dataDir, 'projects', ref, 'PG_VERSION'), 'half-written')
    } else {
      const { createProjectDatabase } = await import('@/server/projects/server-databases')
      await createProjectDatabase(db, ref)
    }
    await db.query(
      `insert into platform.projects (ref, name, organization_id, status, region, database_name, job_lease_until, job_attempts)
       values ($1, 'Resumed', $2, 'COMING_UP', 'eu-west-1', $3, now() - interval '1 minute', 1)`,
      [ref, proOrg.id, database]
    )
    const detail = await waitForStatus(platform, owner.token, ref, 'ACTIVE_HEALTHY')
    expect(detail.connectionString).not.toBeNull()
    expect((await sql(platform, owner.token, ref, 'select 1 as ok')).body.rows).toEqual([{ ok: 1 }])
  })

  it('records every project write in the audit log', async () => {
    const actions = await storeCount(
      `select count(distinct action)::int as n from platform.audit_logs where action in ('project.created', 'project.pause', 'project.restore', 'project.restart', 'project.renamed', 'project.branch_created', 'project.remove')`
    )
    expect(actions).toBe(7)
  })
})
