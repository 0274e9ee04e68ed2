import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

/** The project-database cache: shared opens, LRU cap, idle close, reopen after close, drop. */
describe('project databases', () => {
  let platform: TestPlatform
  let databases: typeof import('@/server/projects/databases')
  const refs = ['cachetestaaaaaaaaaa1', 'cachetestaaaaaaaaaa2', 'cachetestaaaaaaaaaa3']

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    databases = await import('@/server/projects/databases')
    for (const ref of refs) await databases.provisionProjectDatabase(ref)
    await (await import('@/server/projects/jobs')).closeAllProjectDatabases()
  })
  afterAll(async () => {
    databases?.setProjectDatabaseLimits(databases.configuredLimits())
    for (const ref of refs) await databases?.dropProjectDatabase(ref)
    await platform?.close()
  })

  it('shares one open between concurrent users of a ref', async () => {
    const [a, b] = await Promise.all([databases.getProjectDb(refs[0]), databases.getProjectDb(refs[0])])
    await a.exec('create table if not exists shared (v int)')
    await b.query('insert into shared values (1)')
    expect((await a.query<{ n: number }>('select count(*)::int as n from shared')).rows).toEqual([{ n: 1 }])
    expect(databases.openProjectDatabaseRefs()).toEqual([refs[0]])
  })

  it('keeps at most the cap open, closing the least recently used, and reopens on demand', async () => {
    databases.setProjectDatabaseLimits({ maxOpenPglite: 2, maxOpenPostgres: 2, evictGraceMs: 0 })
    for (const ref of refs) await (await databases.getProjectDb(ref)).query('select 1')
    await vi.waitFor(() => expect(databases.openProjectDatabaseRefs()).toEqual([refs[1], refs[2]]))
    // The first one was closed; its Db object opens it again on the next call, data intact.
    const first = await databases.getProjectDb(refs[0])
    expect((await first.query<{ n: number }>('select count(*)::int as n from shared')).rows).toEqual([{ n: 1 }])
    await vi.waitFor(() => expect(databases.openProjectDatabaseRefs()).toEqual([refs[2], refs[0]]))
  })

  it('never closes a database in use to respect the cap', async () => {
    // A use needing two databases at once: the second open waits for room only openWaitMs, then passes the cap.
    databases.setProjectDatabaseLimits({ maxOpenPglite: 1, maxOpenPostgres: 1, openWaitMs: 50 })
    const busy = await databases.getProjectDb(refs[1])
    const result = busy.transaction(async (tx) => {
      await tx.query('select 1')
      // Meanwhile another project opens: the busy one must stay open until this transaction ends.
      await (await databases.getProjectDb(refs[2])).query('select 1')
      return (await tx.query<{ ok: number }>('select 1 as ok')).rows
    })
    expect(await result).toEqual([{ ok: 1 }])
  })

  it('makes a PGlite open wait for room while the cap is reached and every open database is busy', async ({ skip }) => {
    if (platform.kind !== 'pglite') skip() // a server pool costs little: no wait there
    await (await import('@/server/projects/jobs')).closeAllProjectDatabases()
    databases.setProjectDatabaseLimits({ maxOpenPglite: 1, maxOpenPostgres: 1, openWaitMs: 60_000 })
    let letGo!: () => void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    const first = await databases.getProjectDb(refs[0])
    const busy = first.transaction(async (tx) => {
      await tx.query('select 1')
      await held
    })
    await vi.waitFor(() => expect(databases.projectDatabaseUsers(refs[0])).toBe(1))
    const second = databases.getProjectDb(refs[1]).then((db) => db.query<{ n: number }>('select 1 as n'))
    // The second project waits, unopened, while the first is busy...
    await vi.waitFor(() => expect(databases.pgliteOpensWaiting()).toBe(1))
    expect(databases.openProjectDatabaseRefs()).toEqual([refs[0]])
    // ...and opens once the first is released, which is closed to make room.
    letGo()
    await busy
    expect((await second).rows).toEqual([{ n: 1 }])
    expect(databases.openProjectDatabaseRefs()).toEqual([refs[1]])
    expect(databases.pgliteOpensWaiting()).toBe(0)
  })

  it('keeps a PGlite database used a moment ago open past the cap, and closes it once idle for its grace', async ({ skip }) => {
    if (platform.kind !== 'pglite') skip() // server pools are closed at once: they cost little to reopen
    await (await import('@/server/projects/jobs')).closeAllProjectDatabases()
    databases.setProjectDatabaseLimits({ maxOpenPglite: 1, maxOpenPostgres: 1, openWaitMs: 50, evictGraceMs: 60_000 })
    await (await databases.getProjectDb(refs[0])).query('select 1')
    // Another project, right after: closing the first between two of its requests would thrash.
    await (await databases.getProjectDb(refs[1])).query('select 1')
    expect(databases.openProjectDatabaseRefs()).toEqual([refs[0], refs[1]])
    // Its grace over (a shorter one applies at once), the one over the cap closes without a request to prompt it.
    databases.setProjectDatabaseLimits({ evictGraceMs: 0 })
    await vi.waitFor(() => expect(databases.openProjectDatabaseRefs()).toEqual([refs[1]]))
  })

  it('closes databases left idle', async () => {
    databases.setProjectDatabaseLimits({ maxOpenPglite: 4, maxOpenPostgres: 4, idleCloseMs: 50 })
    await (await databases.getProjectDb(refs[0])).query('select 1')
    await vi.waitFor(() => expect(databases.openProjectDatabaseRefs()).toEqual([]), { timeout: 5000 })
  })

  it('refuses to open a database that was never provisioned, and drops idempotently', async () => {
    await expect(databases.getProjectDb('neverprovisionedaaaa')).rejects.toThrow()
    if (platform.kind === 'pglite') expect(fs.existsSync(path.join(platform.dataDir, 'projects', 'neverprovisionedaaaa'))).toBe(false)
    await databases.dropProjectDatabase(refs[2])
    await databases.dropProjectDatabase(refs[2])
    await expect(databases.getProjectDb(refs[2])).rejects.toThrow()
    await databases.provisionProjectDatabase(refs[2])
  })
})
