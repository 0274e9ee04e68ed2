/**
 * A PGlite project database opened by the platform's engine: the contrib extensions are there,
 * an enabled one survives a reopen, and initdb's settings survive PGlite rewriting postgresql.conf
 * for pg_stat_statements (which it does at every start).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPgliteEngine } from '@/server/projects/pglite-engine'
import { pglitePostgresqlConf } from '@/server/projects/pglite-extensions'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-engine-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

const settings = `select current_setting('TimeZone') as tz, current_setting('default_text_search_config') as fts,
  current_setting('shared_buffers') as buffers, current_setting('shared_preload_libraries') as preload`

describe('openPgliteEngine', () => {
  it('offers contrib, keeps initdb settings, and reopens a database that enabled extensions', async () => {
    const dir = tempDir()
    let engine = await openPgliteEngine(dir)
    try {
      const available = (await engine.db.query<{ name: string }>('select name from pg_available_extensions')).rows.map((r) => r.name)
      expect(available).toEqual(expect.arrayContaining(['plpgsql', 'pg_trgm', 'citext', 'pgcrypto', 'uuid-ossp', 'file_fdw', 'pg_stat_statements']))
      expect((await engine.db.query(settings)).rows).toEqual([{ tz: 'UTC', fts: 'pg_catalog.english', buffers: '16MB', preload: 'pg_stat_statements' }])
      await engine.db.exec(`create extension citext; create extension pg_stat_statements;
        create table public.people (name citext); insert into public.people values ('Ada')`)
    } finally {
      await engine.close()
    }

    engine = await openPgliteEngine(dir)
    try {
      expect((await engine.db.query(`select count(*)::int as n from public.people where name = 'ADA'`)).rows).toEqual([{ n: 1 }])
      expect((await engine.db.query(settings)).rows).toEqual([{ tz: 'UTC', fts: 'pg_catalog.english', buffers: '16MB', preload: 'pg_stat_statements' }])
      await engine.db.query('select count(*) from public.people')
      const recorded = await engine.db.query<{ calls: number }>(`select calls::int from pg_stat_statements where query = 'select count(*) from public.people'`)
      expect(recorded.rows).toEqual([{ calls: 1 }])
    } finally {
      await engine.close()
    }
  }, 120_000)

  it('puts back the initdb settings a directory lost to an earlier build', async () => {
    const dir = tempDir()
    await (await openPgliteEngine(dir)).close()
    fs.writeFileSync(path.join(dir, 'postgresql.conf'), '\nshared_preload_libraries=pg_stat_statements')
    const engine = await openPgliteEngine(dir)
    try {
      expect((await engine.db.query(settings)).rows).toEqual([{ tz: 'UTC', fts: 'pg_catalog.english', buffers: '16MB', preload: 'pg_stat_statements' }])
    } finally {
      await engine.close()
    }
  }, 120_000)
})

describe('pglitePostgresqlConf', () => {
  it('keeps the file, and adds only the initdb settings it lacks', () => {
    const dir = tempDir()
    expect(pglitePostgresqlConf(dir)).toContain("default_text_search_config = 'pg_catalog.english'")
    fs.writeFileSync(path.join(dir, 'postgresql.conf'), "# timezone = 'GMT'\ntimezone = 'Europe/Paris'\nwork_mem = 8MB\n")
    const conf = pglitePostgresqlConf(dir)
    expect(conf).toMatch(/^# timezone = 'GMT'\ntimezone = 'Europe\/Paris'\nwork_mem = 8MB\n/)
    expect(conf.match(/^timezone/gm)).toHaveLength(1)
    expect(conf).toContain('shared_buffers = 16MB')
  })

  it("replaces initdb's 128 MB of shared buffers by the configured size", () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'postgresql.conf'), "shared_buffers = 128MB\t# min 128kB\ntimezone = 'UTC'\n")
    const conf = pglitePostgresqlConf(dir)
    expect(conf.match(/^shared_buffers.*$/gm)).toEqual(['shared_buffers = 16MB'])
    expect(conf).toContain("timezone = 'UTC'")
  })
})
