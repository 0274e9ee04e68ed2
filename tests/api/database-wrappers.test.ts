/**
 * Wrappers end to end on the self-hosted `default` project. On PGlite (which ships file_fdw among
 * its contrib extensions) file_fdw is enabled and a server is added, but a foreign table on a file
 * is refused (members never reach files, issue 9); the server is dropped with CASCADE. On a Postgres server (scripts/with-postgres.sh) the default project
 * is DATABASE_URL's own database: postgres_fdw is enabled (by the platform), a server to this very
 * database is added with a user mapping, importing through it is refused because the member is no
 * superuser and the test server asks no password, the mapping's password never comes back, and the
 * server is dropped with CASCADE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enableExtensionSql } from '@/lib/database/extensions'
import {
  createPostgresServerSql,
  dropServerSql,
  FDW_EXTENSIONS,
  FDW_EXTENSIONS_SQL,
  FOREIGN_DATA_WRAPPERS_SQL,
  FOREIGN_SERVERS_SQL,
  FOREIGN_TABLES_SQL,
  importForeignSchemaSql,
} from '@/lib/database/wrappers'
import { postgresArrayText } from '@/lib/sql/table-description'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'

describe('wrappers on the default project', () => {
  let platform: TestPlatform
  const query = async (sql: string, parameters?: unknown[]) => {
    const res = await platform.request('/platform/pg-meta/default/query', { body: parameters ? { query: sql, parameters } : { query: sql } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows as Record<string, unknown>[]
  }
  const fdwNames = postgresArrayText(FDW_EXTENSIONS.map((e) => e.name))

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  it.runIf(!usePostgres)('file_fdw on PGlite: enable and add a server, but no member may point a table at a file', async () => {
    // PGlite ships file_fdw (not postgres_fdw or dblink). Issue 9: members never reach files, so
    // a foreign table with a filename is refused (superuser or pg_read_server_files only).
    expect((await query(FDW_EXTENSIONS_SQL, [fdwNames])).map((r) => r.name)).toEqual(['file_fdw'])
    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([])

    await query(enableExtensionSql({ name: 'file_fdw', fixedSchema: null, requires: [] }, 'extensions'))
    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([expect.objectContaining({ name: 'file_fdw', extension: 'file_fdw' })])

    await query('create server files foreign data wrapper file_fdw')
    const table = await platform.request('/platform/pg-meta/default/query', {
      body: { query: "create foreign table public.file_items (id int, name text) server files options (filename '/pgdata/postgresql.conf', format 'csv')" },
    })
    expect(table.status).toBe(400)
    expect(table.body.message).toMatch(/permission denied|Only superusers|pg_read_server_files/)
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([expect.objectContaining({ name: 'files', wrapper: 'file_fdw', table_count: 0 })])

    await query(dropServerSql('files', true))
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([])
  })

  it.runIf(usePostgres)('postgres_fdw: enable, add a server with a mapping; a passwordless import is refused; drop', async () => {
    const offered = (await query(FDW_EXTENSIONS_SQL, [fdwNames])).map((r) => r.name)
    expect(offered).toEqual(expect.arrayContaining(['postgres_fdw', 'file_fdw', 'dblink']))

    await query(enableExtensionSql({ name: 'postgres_fdw', fixedSchema: null, requires: [] }, 'extensions'))
    const [{ db, port }] = await query(`select current_database() as db, current_setting('port') as port`)
    await query(`create schema fdw_source; create table fdw_source.items (id int, name text); insert into fdw_source.items values (1, 'one'), (2, 'two')`)

    await query(createPostgresServerSql({ name: 'loopback', host: '127.0.0.1', port: String(port), dbname: String(db), user: 'postgres', password: 'not-shown-anywhere' }))
    // A member is no superuser (issue 9): postgres_fdw will not lend it the server's own trust.
    const imported = await platform.request('/platform/pg-meta/default/query', {
      body: { query: importForeignSchemaSql({ server: 'loopback', remoteSchema: 'fdw_source', localSchema: 'fdw_local', tables: ['items'] }) },
    })
    expect(imported.status).toBe(400)
    expect(imported.body.message).toMatch(/password is required/)

    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([expect.objectContaining({ name: 'postgres_fdw', extension: 'postgres_fdw' })])
    const servers = await query(FOREIGN_SERVERS_SQL, [])
    expect(servers).toEqual([expect.objectContaining({ name: 'loopback', wrapper: 'postgres_fdw' })])
    expect(JSON.stringify(servers)).not.toContain('not-shown-anywhere')

    await query(dropServerSql('loopback', true))
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([])
    expect(await query(`select to_regclass('fdw_local.items') as t`)).toEqual([{ t: null }])
  })
})
