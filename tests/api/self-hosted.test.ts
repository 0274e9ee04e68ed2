import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { waitForStatus } from './projects-helpers'

describe('self-hosted mode', () => {
  let platform: TestPlatform

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  async function counts() {
    const { getStore } = await import('@/server/db/store')
    const { rows } = await (await getStore()).query<Record<string, number>>(
      `select (select count(*) from platform.users)::int as users, (select count(*) from platform.organizations)::int as orgs,
              (select count(*) from platform.members)::int as members, (select count(*) from platform.projects)::int as projects`
    )
    return rows[0]
  }

  it('lists the default project without any sign-in', async () => {
    const res = await platform.request('/platform/projects')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject({
      ref: 'default',
      name: 'Default Project',
      status: 'ACTIVE_HEALTHY',
      postgrestStatus: 'ONLINE',
      organization_slug: 'default',
      is_branch: false,
      preview_branch_refs: [],
    })
    const detail = await platform.request('/platform/projects/default')
    expect(detail.status).toBe(200)
    if (platform.kind === 'pglite') {
      expect(detail.body.connectionString).toMatch(/^postgresql:\/\/project_default:\[YOUR-PASSWORD\]@127\.0\.0\.1:\d+\/postgres$/)
    } else {
      const url = new URL(platform.databaseUrl!)
      expect(detail.body.connectionString).toBe(`postgresql://${url.username}:[YOUR-PASSWORD]@${url.host}${url.pathname}`)
    }
  })

  it('runs SQL on the default project without the connection header', async () => {
    const create = await platform.request('/platform/pg-meta/default/query', { body: { query: 'create table notes (body text); insert into notes values ($$hello$$); select body from notes' } })
    expect(create.status).toBe(200)
    expect(create.body.rows).toEqual([{ body: 'hello' }])
    const db = await platform.request('/platform/pg-meta/default/query', { body: { query: 'select current_database() as d' } })
    if (platform.kind === 'postgres') {
      // The default project is DATABASE_URL's own database.
      expect(db.body.rows).toEqual([{ d: new URL(platform.databaseUrl!).pathname.slice(1) }])
    } else {
      expect(db.body.rows).toEqual([{ d: 'postgres' }])
    }
  })

  it('keeps the one default project: no new projects, no pause or delete, restart allowed', async () => {
    const create = await platform.request('/platform/projects', {
      body: { name: 'x', organization_slug: 'default', region: 'eu-west-1', db_pass: 'Quartz-lantern-orbit-91-velvet!' },
    })
    expect(create.status).toBe(400)
    expect(create.body.message).toMatch(/single project, "default"/)
    const pause = await platform.request('/platform/projects/default/pause', { method: 'POST' })
    expect(pause.status).toBe(400)
    expect(pause.body.message).toBe('The default project of a self-hosted install cannot be paused')
    expect((await platform.request('/platform/projects/default', { method: 'DELETE' })).status).toBe(400)
    const restart = await platform.request('/platform/projects/default/restart', { method: 'POST' })
    expect(restart.status).toBe(200)
    await waitForStatus(platform, undefined, 'default', 'ACTIVE_HEALTHY')
    const q = await platform.request('/platform/pg-meta/default/query', { body: { query: 'select count(*) as n from notes' } })
    expect(q.body.rows).toEqual([{ n: 1 }])
  })

  it('bootstraps idempotently with an unusable password and the Owner role', async () => {
    const before = await counts()
    expect(before).toMatchObject({ users: 1, orgs: 1, members: 1, projects: 1 })
    const { ensureSelfHostedDefaults } = await import('@/server/self-hosted')
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    await ensureSelfHostedDefaults(db)
    await Promise.all([ensureSelfHostedDefaults(db), ensureSelfHostedDefaults(db)])
    expect(await counts()).toEqual(before)
    const { rows } = await db.query<{ encrypted_password: string; role: string; plan_id: string }>(
      `select u.encrypted_password, m.role, o.plan_id from platform.users u
         join platform.members m on m.user_id = u.id join platform.organizations o on o.id = m.organization_id`
    )
    expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$/)
    expect(rows[0]).toMatchObject({ role: 'Owner', plan_id: 'enterprise' })
  })
})
