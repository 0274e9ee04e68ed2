import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingLogEvents } from '@/server/logs/recorder'
import { shutdown } from '@/server/shutdown'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createOwnedProject, sql } from './projects-helpers'

/**
 * server.mjs calls shutdown() on SIGTERM/SIGINT: what was buffered is written and every database
 * is closed, so a restarted server finds it all (on PGlite, without recovery).
 */
describe('an orderly stop', () => {
  let platform: TestPlatform
  let token: string
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const made = await createOwnedProject(platform)
    token = made.owner.token
    ref = made.ref
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
  })

  it('writes the buffered log lines, closes the databases, and a restart finds both', async () => {
    const created = await sql(platform, token, ref, `create table kept (note text); insert into kept values ('written before the stop')`)
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const seen = await platform.request(`/platform/projects/${ref}`, { token, headers: { 'X-Request-Id': 'req-before-stop' } })
    expect(seen.status).toBe(200)
    expect(pendingLogEvents()).toBeGreaterThan(0)

    await shutdown()
    expect(pendingLogEvents()).toBe(0)

    // The next use reopens the store and the project's database from DATA_DIR (or the server).
    const { getStore } = await import('@/server/db/store')
    const db = await getStore()
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from platform.project_logs where metadata::text like '%req-before-stop%'`
    )
    expect(rows[0].n).toBe(1)
    const read = await sql(platform, token, ref, 'select note from kept')
    expect(read.status, JSON.stringify(read.body)).toBe(200)
    expect(read.body.rows).toEqual([{ note: 'written before the stop' }])
  }, 60_000)
})
