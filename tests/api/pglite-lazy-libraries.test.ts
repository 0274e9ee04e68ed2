import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteWorker, type PgliteWorkerClient } from '@/server/db/pglite-worker-client'
import { openPgliteDb } from '@/server/db/pglite-db'
import { hasCluster, initPgliteInChildProcess } from '@/server/db/pglite-init-process'
import { PGLITE_CONTRIB_EXTENSIONS, pglitePostgresqlConf } from '@/server/projects/pglite-extensions'

/**
 * Project databases open with every contrib bundle unpacked but no library compiled until Postgres
 * loads it (pglite-worker.mjs, `lazyLibraries`), and new clusters are made in a child process
 * (pglite-init-process.ts). PGlite only: skipped when the API tests run on a Postgres server.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite libraries loaded on use, clusters made in a child process', () => {
  let root: string
  let template: string
  const clients: PgliteWorkerClient[] = []

  async function open(dir: string): Promise<PgliteWorkerClient> {
    const client = await openPgliteWorker({ dataDir: dir, contrib: true, postgresqlconf: pglitePostgresqlConf(dir) })
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lazy-'))
    template = path.join(root, 'template')
    await initPgliteInChildProcess({ dataDir: template, contrib: true, postgresqlconf: [pglitePostgresqlConf(template)] })
  })

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})))
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('makes a complete cluster in a child process and leaves no working directory behind', () => {
    expect(hasCluster(template)).toBe(true)
    expect(fs.readdirSync(root)).toEqual(['template'])
    // The preload PGlite writes for pg_stat_statements, and initdb's settings, as a project gets them.
    const conf = fs.readFileSync(path.join(template, 'postgresql.conf'), 'utf8')
    expect(conf).toMatch(/shared_preload_libraries\s*=\s*'?pg_stat_statements/)
    expect(conf).toMatch(/timezone = UTC/i)
  })

  it('never moves a cluster over a directory that holds files', async () => {
    const dir = path.join(root, 'occupied')
    fs.mkdirSync(dir)
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine')
    await expect(initPgliteInChildProcess({ dataDir: dir, contrib: false })).rejects.toThrow()
    expect(fs.readdirSync(dir)).toEqual(['keep.txt'])
    expect(fs.readdirSync(root).filter((name) => name.includes('.init-'))).toEqual([])
  })

  it("opens a new platform store made in a child process with the configured shared buffers and initdb's settings", async () => {
    const dir = path.join(root, 'store')
    fs.mkdirSync(dir)
    const store = await openPgliteDb(dir, 16)
    try {
      expect(hasCluster(dir)).toBe(true)
      const { rows } = await store.query("select current_setting('shared_buffers') as buffers, current_setting('TimeZone') as tz")
      expect(rows).toEqual([{ buffers: '16MB', tz: 'UTC' }])
    } finally {
      await store.close()
    }
  })

  it('offers every contrib extension, and one created later works, again after a reopen', async () => {
    const dir = path.join(root, 'project')
    fs.cpSync(template, dir, { recursive: true })
    let db = await open(dir)
    const available = (await db.query<{ name: string }>('select name from pg_available_extensions')).rows.map((r) => r.name)
    const expected = Object.keys(PGLITE_CONTRIB_EXTENSIONS).map((name) => (name === 'uuid_ossp' ? 'uuid-ossp' : name))
    expect(available).toEqual(expect.arrayContaining(expected))
    const uses = `select encode(digest('a', 'sha256'), 'hex') as digest, ('a=>1'::hstore) -> 'a' as h,
      similarity('lantern', 'lanterns') > 0.5 as similar, uuid_generate_v4() is not null as uuid`
    await db.exec('create extension pgcrypto; create extension hstore; create extension pg_trgm; create extension "uuid-ossp"')
    const expectedRow = { digest: 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb', h: '1', similar: true, uuid: true }
    expect((await db.query(uses)).rows).toEqual([expectedRow])
    await db.close()
    db = await open(dir)
    expect((await db.query(uses)).rows).toEqual([expectedRow])
    // A library first needed after the reopen is loaded then.
    await db.exec('create extension citext')
    expect((await db.query("select 'ABC'::citext = 'abc' as same")).rows).toEqual([{ same: true }])
  })

  it('loads a preloaded library (pg_stat_statements) at open', async () => {
    const dir = path.join(root, 'statements')
    fs.cpSync(template, dir, { recursive: true })
    const db = await open(dir)
    expect((await db.query('show shared_preload_libraries')).rows).toEqual([{ shared_preload_libraries: 'pg_stat_statements' }])
    await db.exec('create extension pg_stat_statements; create table marker_t (x int); select count(*) from marker_t')
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from pg_stat_statements where query like 'select count(*) from marker_t%'")
    expect(rows[0].n).toBeGreaterThan(0)
  })
})
