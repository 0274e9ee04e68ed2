/**
 * Wrappers end to end on the self-hosted `default` project. On PGlite (which ships file_fdw among
 * its contrib extensions) file_fdw is enabled, a server is added and a file is read as a foreign
 * table, then the server is dropped with CASCADE. On a Postgres server (scripts/with-postgres.sh) the default project
 * is DATABASE_URL's own database, reached as a superuser: postgres_fdw is enabled, a server to
 * this very database is added with a user mapping, a schema is imported and queried through it,
 * the mapping's password never comes back, and the server is dropped with CASCADE.
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

  it.runIf(!usePostgres)('file_fdw on PGlite: enable, add a server, read a file as a table, drop', async () => {
    // PGlite ships file_fdw (not postgres_fdw or dblink); its files live in PGlite's own file system.
    expect((await query(FDW_EXTENSIONS_SQL, [fdwNames])).map((r) => r.name)).toEqual(['file_fdw'])
    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([])

    await query(enableExtensionSql({ name: 'file_fdw', fixedSchema: null, requires: [] }, 'extensions'))
    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([expect.objectContaining({ name: 'file_fdw', extension: 'file_fdw' })])

    await query(`copy (select i as id, 'item ' || i as name from generate_series(1, 2) i) to '/tmp/items.csv' with (format csv)`)
    await query(`create server files foreign data wrapper file_fdw;
      create foreign table public.file_items (id int, name text) server files options (filename '/tmp/items.csv', format 'csv')`)
    expect(await query('select id, name from public.file_items order by id')).toEqual([
      { id: 1, name: 'item 1' },
      { id: 2, name: 'item 2' },
    ])
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([expect.objectContaining({ name: 'files', wrapper: 'file_fdw', table_count: 1 })])
    expect(await query(FOREIGN_TABLES_SQL, [])).toEqual([expect.objectContaining({ schema: 'public', name: 'file_items', server: 'files' })])

    await query(dropServerSql('files', true))
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([])
    expect(await query(`select to_regclass('public.file_items') as t`)).toEqual([{ t: null }])
  })

  it.runIf(usePostgres)('postgres_fdw: enable, add a server with a mapping, import, query, drop', async () => {
    const offered = (await query(FDW_EXTENSIONS_SQL, [fdwNames])).map((r) => r.name)
    expect(offered).toEqual(expect.arrayContaining(['postgres_fdw', 'file_fdw', 'dblink']))

    await query(enableExtensionSql({ name: 'postgres_fdw', fixedSchema: null, requires: [] }, 'extensions'))
    const [{ db, port }] = await query(`select current_database() as db, current_setting('port') as port`)
    await query(`create schema fdw_source; create table fdw_source.items (id int, name text); insert into fdw_source.items values (1, 'one'), (2, 'two')`)

    await query(createPostgresServerSql({ name: 'loopback', host: '127.0.0.1', port: String(port), dbname: String(db), user: 'postgres', password: 'not-shown-anywhere' }))
    await query(importForeignSchemaSql({ server: 'loopback', remoteSchema: 'fdw_source', localSchema: 'fdw_local', tables: ['items'] }))
    expect(await query('select id, name from fdw_local.items order by id')).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ])

    expect(await query(FOREIGN_DATA_WRAPPERS_SQL, [])).toEqual([expect.objectContaining({ name: 'postgres_fdw', extension: 'postgres_fdw' })])
    const servers = await query(FOREIGN_SERVERS_SQL, [])
    expect(servers).toEqual([expect.objectContaining({ name: 'loopback', wrapper: 'postgres_fdw', table_count: 1 })])
    expect(JSON.stringify(servers)).not.toContain('not-shown-anywhere')
    expect(await query(FOREIGN_TABLES_SQL, [])).toEqual([expect.objectContaining({ schema: 'fdw_local', name: 'items', server: 'loopback' })])

    await query(dropServerSql('loopback', true))
    expect(await query(FOREIGN_SERVERS_SQL, [])).toEqual([])
    expect(await query(`select to_regclass('fdw_local.items') as t`)).toEqual([{ t: null }])
  })
})
