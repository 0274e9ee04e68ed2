import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failInterruptedRuns, runDueCronJobs } from '@/server/cron/scheduler'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createActiveProject, createOrg, sql } from './projects-helpers'

type User = { id: string; email: string; token: string }

/** Cron jobs scheduled by the platform itself, on PGlite and on a Postgres server alike. */
describe('cron jobs (hosted)', () => {
  let platform: TestPlatform
  let owner: User
  let developer: User
  let reader: User
  let outsider: User
  let ref: string
  let otherRef: string
  const jobs = (r = ref) => `/platform/projects/${r}/cron/jobs`
  const future = (seconds: number) => new Date(Date.now() + seconds * 1000)
  const storeDb = async () => (await import('@/server/db/store')).getStore()

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;[owner, developer, reader, outsider] = await Promise.all([1, 2, 3, 4].map(() => platform.createUser()))
    const org = await createOrg('team', [
      [owner.id, 'Owner'],
      [developer.id, 'Developer'],
      [reader.id, 'Read-only'],
    ])
    const otherOrg = await createOrg('pro', [[outsider.id, 'Owner']])
    ref = (await createActiveProject(platform, owner.token, org.slug, 'Cron')).ref
    otherRef = (await createActiveProject(platform, outsider.token, otherOrg.slug, 'Other')).ref
    const setup = await sql(platform, owner.token, ref, 'create table ticks (id serial primary key, at timestamptz default now())')
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  })
  afterAll(async () => platform?.close())

  async function create(body: Record<string, unknown>, token = developer.token, r = ref) {
    return platform.request(jobs(r), { token, body })
  }

  async function tickCount(): Promise<number> {
    const res = await sql(platform, owner.token, ref, 'select count(*)::int as n from ticks')
    return res.body.rows[0].n
  }

  it('creates a job, the scheduler runs it when due and records the run with its effect', async () => {
    const created = await create({ name: 'insert-tick', schedule: '*/5 * * * *', command: 'insert into ticks default values' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ name: 'insert-tick', schedule: '*/5 * * * *', active: true, last_run: null })
    // The list reads the schedule in words from the platform (the browser loads no parser for it).
    expect(created.body.schedule_description).toBe('Every 5 minutes')
    const next = Date.parse(created.body.next_run_at)
    expect(next).toBeGreaterThan(Date.now())
    expect(new Date(next).getUTCMinutes() % 5).toBe(0)
    expect(new Date(next).getUTCSeconds()).toBe(0)

    const before = await tickCount()
    // Not due yet: nothing runs.
    expect(await runDueCronJobs(new Date(next - 1000))).toEqual([])
    const runs = await runDueCronJobs(new Date(next))
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ job_id: created.body.id, status: 'succeeded', trigger: 'schedule', return_message: 'INSERT 0 1' })
    expect(runs[0].duration_ms).toBeGreaterThanOrEqual(0)
    expect(await tickCount()).toBe(before + 1)

    const listed = await platform.request(jobs(), { token: reader.token })
    expect(listed.status).toBe(200)
    const job = listed.body.find((j: { id: number }) => j.id === created.body.id)
    expect(job.last_run).toMatchObject({ status: 'succeeded', return_message: 'INSERT 0 1' })
    // The next occurrence is the one after the run's time.
    expect(Date.parse(job.next_run_at)).toBe(next + 5 * 60_000)
    // The occurrence was claimed: running the same instant again does nothing.
    expect(await runDueCronJobs(new Date(next))).toEqual([])
    expect(await tickCount()).toBe(before + 1)
  })

  it('records a failing command as failed, with the Postgres error', async () => {
    const created = await create({ name: 'broken', schedule: '30 seconds', command: 'insert into no_such_table values (1)' })
    expect(created.status).toBe(201)
    const runs = await runDueCronJobs(future(31))
    const run = runs.find((r) => r.job_id === created.body.id)
    expect(run).toMatchObject({ status: 'failed' })
    expect(run?.return_message).toMatch(/relation "no_such_table" does not exist/)
    expect(run?.ended_at).not.toBeNull()
    const history = await platform.request(`${jobs()}/${created.body.id}/runs`, { token: reader.token })
    expect(history.body).toMatchObject({ total: 1, runs: [{ status: 'failed' }] })
    await platform.request(`${jobs()}/${created.body.id}`, { method: 'DELETE', token: developer.token })
  })

  it('two schedulers running at once never run one occurrence twice', async () => {
    const created = await create({ name: 'concurrent', schedule: '15 seconds', command: 'insert into ticks default values' })
    const before = await tickCount()
    const at = future(16)
    const [a, b, c] = await Promise.all([runDueCronJobs(at), runDueCronJobs(at), runDueCronJobs(at)])
    const mine = [...a, ...b, ...c].filter((r) => r.job_id === created.body.id)
    expect(mine).toHaveLength(1)
    expect(await tickCount()).toBe(before + 1)
    const history = await platform.request(`${jobs()}/${created.body.id}/runs`, { token: developer.token })
    expect(history.body.total).toBe(1)
    await platform.request(`${jobs()}/${created.body.id}`, { method: 'DELETE', token: developer.token })
  })

  it('runs a job now, whatever its schedule, and pages its history newest first', async () => {
    const created = await create({ name: 'manual', schedule: '0 0 1 1 *', command: 'select * from ticks', active: false })
    expect(created.body).toMatchObject({ active: false, next_run_at: null })
    const first = await platform.request(`${jobs()}/${created.body.id}/run`, { token: developer.token, body: {} })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ status: 'succeeded', trigger: 'manual' })
    expect(first.body.return_message).toMatch(/^SELECT \d+$/)
    for (let i = 0; i < 2; i++) await platform.request(`${jobs()}/${created.body.id}/run`, { token: owner.token, body: {} })
    const page = await platform.request(`${jobs()}/${created.body.id}/runs?limit=2`, { token: reader.token })
    expect(page.body.total).toBe(3)
    expect(page.body.runs).toHaveLength(2)
    expect(page.body.runs[0].id).toBeGreaterThan(page.body.runs[1].id)
    const rest = await platform.request(`${jobs()}/${created.body.id}/runs?limit=2&offset=2`, { token: reader.token })
    expect(rest.body.runs.map((r: { id: number }) => r.id)).toEqual([first.body.id])
    // An inactive job is never picked by the scheduler.
    expect((await runDueCronJobs(future(400 * 86_400))).filter((r) => r.job_id === created.body.id)).toEqual([])
    expect((await platform.request(`${jobs()}/${created.body.id}/runs?limit=0`, { token: reader.token })).status).toBe(400)
  })

  it('updates name, schedule, command and active; a new schedule counts from now', async () => {
    const created = await create({ name: 'to-edit', schedule: '0 0 * * *', command: 'select 1' })
    const id = created.body.id
    const paused = await platform.request(`${jobs()}/${id}`, { method: 'PATCH', token: developer.token, body: { active: false } })
    expect(paused.body).toMatchObject({ active: false, next_run_at: null })
    const edited = await platform.request(`${jobs()}/${id}`, {
      method: 'PATCH',
      token: developer.token,
      body: { name: 'edited', schedule: '10 seconds', command: 'select 2', active: true },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ name: 'edited', schedule: '10 seconds', command: 'select 2', active: true })
    expect(edited.body.schedule_description).toBe('Every 10 seconds')
    const next = Date.parse(edited.body.next_run_at) - Date.now()
    expect(next).toBeGreaterThan(5_000)
    expect(next).toBeLessThanOrEqual(10_500)
    const clash = await create({ name: 'edited', schedule: '* * * * *', command: 'select 1' })
    expect(clash.status).toBe(409)
    expect(clash.body.message).toMatch(/already exists/)
    const renameClash = await platform.request(`${jobs()}/${id}`, { method: 'PATCH', token: developer.token, body: { name: 'manual' } })
    expect(renameClash.status).toBe(409)
    expect((await platform.request(`${jobs()}/${id}`, { method: 'DELETE', token: developer.token })).status).toBe(204)
    expect((await platform.request(`${jobs()}/${id}`, { token: developer.token })).status).toBe(404)
  })

  it('refuses schedules pg_cron would not take, saying why', async () => {
    const cases: [string, RegExp][] = [
      ['61 * * * *', /minute|0-59/i],
      ['* * * *', /5 fields/],
      ['* * * * * *', /5 fields.*N seconds/],
      ['0 seconds', /1 to 59/],
      ['60 seconds', /1 to 59/],
      ['5 minutes', /N seconds/],
      ['H * * * *', /minute field/],
      ['', /Enter a schedule/],
    ]
    for (const [schedule, message] of cases) {
      const res = await create({ name: `bad-${schedule}`, schedule, command: 'select 1' })
      expect(res.status, schedule).toBe(400)
      expect(res.body.message, schedule).toMatch(message)
      expect(res.body.message, schedule).toMatch(/schedule/)
    }
    const empty = await create({ name: 'empty', schedule: '* * * * *', command: '   ' })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/command: must not be empty/)
  })

  it('lets Read-only members read but not write or run; outsiders see nothing', async () => {
    const created = await create({ name: 'roles', schedule: '0 0 * * *', command: 'select 1' })
    const id = created.body.id
    expect((await platform.request(`${jobs()}/${id}`, { token: reader.token })).status).toBe(200)
    expect((await create({ name: 'reader', schedule: '* * * * *', command: 'select 1' }, reader.token)).status).toBe(403)
    expect((await platform.request(`${jobs()}/${id}`, { method: 'PATCH', token: reader.token, body: { active: false } })).status).toBe(403)
    expect((await platform.request(`${jobs()}/${id}/run`, { token: reader.token, body: {} })).status).toBe(403)
    expect((await platform.request(`${jobs()}/${id}`, { method: 'DELETE', token: reader.token })).status).toBe(403)
    expect((await platform.request(jobs(), { token: outsider.token })).status).toBe(404)
    // Through their own project, the id of another project's job names nothing.
    expect((await platform.request(`${jobs(otherRef)}/${id}`, { token: outsider.token })).status).toBe(404)
    expect((await platform.request(`${jobs(otherRef)}/${id}/run`, { token: outsider.token, body: {} })).status).toBe(404)
    expect((await platform.request(`${jobs(otherRef)}/${id}`, { method: 'DELETE', token: outsider.token })).status).toBe(404)
    expect((await platform.request(`${jobs()}/${id}`, { token: reader.token })).status).toBe(200)
  })

  it('skips an occurrence while the previous run still runs, as pg_cron does; runs left by a stopped server end as failed', async () => {
    const created = await create({ name: 'slow', schedule: '25 seconds', command: 'insert into ticks default values' })
    const id = created.body.id
    const db = await storeDb()
    // A run under way (another server is running it).
    await db.query(`insert into platform.cron_job_runs (job_id, command, status) values ($1, 'x', 'running')`, [id])
    const before = await tickCount()
    const at = future(26)
    expect((await runDueCronJobs(at)).filter((r) => r.job_id === id)).toEqual([])
    expect(await tickCount()).toBe(before)
    // The occurrence is used up all the same: the next one counts from then.
    const job = await platform.request(`${jobs()}/${id}`, { token: reader.token })
    expect(Date.parse(job.body.next_run_at)).toBe(at.getTime() + 25_000)

    // A run that has been "running" for far longer than the statement timeout was interrupted.
    await db.query(`update platform.cron_job_runs set started_at = now() - interval '1 hour' where job_id = $1`, [id])
    await failInterruptedRuns(db)
    const history = await platform.request(`${jobs()}/${id}/runs`, { token: reader.token })
    expect(history.body.runs[0]).toMatchObject({ status: 'failed', return_message: expect.stringMatching(/Interrupted/) })
    expect(history.body.runs[0].ended_at).not.toBeNull()
    // No longer busy: the next occurrence runs.
    expect((await runDueCronJobs(future(60))).filter((r) => r.job_id === id)).toMatchObject([{ status: 'succeeded' }])
    await platform.request(`${jobs()}/${id}`, { method: 'DELETE', token: developer.token })
  })

  it('runs jobs only in ACTIVE_HEALTHY projects', async () => {
    const created = await create({ name: 'paused-project', schedule: '20 seconds', command: 'insert into ticks default values' })
    const db = await storeDb()
    await db.query(`update platform.projects set status = 'INACTIVE' where ref = $1`, [ref])
    try {
      const runs = await runDueCronJobs(future(21))
      expect(runs.filter((r) => r.job_id === created.body.id)).toEqual([])
      const now = await platform.request(`${jobs()}/${created.body.id}/run`, { token: developer.token, body: {} })
      expect(now.status).toBe(409)
      expect(now.body.message).toMatch(/ACTIVE_HEALTHY/)
    } finally {
      await db.query(`update platform.projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [ref])
    }
    await platform.request(`${jobs()}/${created.body.id}`, { method: 'DELETE', token: developer.token })
  })
})
