/**
 * The database screens' SQL through the real platform endpoint (`POST /platform/pg-meta/{ref}/query`)
 * on a real project database: PGlite, or a database on a Postgres server (scripts/with-postgres.sh)
 * where the project's role is not a superuser. Read-only members must be able to run every list
 * query (one statement, read-only transaction); Developers run the DDL scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLUMN_PRIVILEGES_SQL } from '@/lib/database/column-privileges'
import { disableExtensionSql, EXTENSION_DEPENDENTS_SQL, EXTENSIONS_SQL, enableExtensionSql, type ServerExtensionRow } from '@/lib/database/extensions'
import { createHookSql, dropHookSql, toHook } from '@/lib/database/hooks'
import { setTriggerEnabledSql, TRIGGER_FUNCTIONS_SQL, TRIGGERS_SQL, type TriggerRow } from '@/lib/database/triggers'
import { PLATFORM_ROLE_PATTERN, ROLES_SQL } from '@/lib/database/roles'
import { EXCLUDED_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { FDW_EXTENSIONS, FDW_EXTENSIONS_SQL, FOREIGN_DATA_WRAPPERS_SQL, FOREIGN_SERVERS_SQL, FOREIGN_TABLES_SQL } from '@/lib/database/wrappers'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createActiveProject, createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

describe('database screens on a project database', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string
  let otherRef: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const team = await createTeamProject(platform, 'Database screens')
    ;({ developer, reader, ref } = team)
    const { owner, org } = team
    otherRef = (await createActiveProject(platform, owner.token, org.slug, 'Neighbour')).ref
    const setup = await sql(platform, developer.token, ref, 'create table public.orders (id int primary key, total numeric, note text)')
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  })
  afterAll(async () => platform?.close())

  const excluded = postgresArrayText(EXCLUDED_SCHEMAS)

  it('runs every list query for a Read-only member', async () => {
    const queries: [string, unknown[]][] = [
      [EXTENSIONS_SQL, []],
      [EXTENSION_DEPENDENTS_SQL, ['plpgsql']],
      [ROLES_SQL, [PLATFORM_ROLE_PATTERN]],
      [COLUMN_PRIVILEGES_SQL, ['public', 'orders', 'postgres']],
      [TRIGGERS_SQL, [excluded]],
      [TRIGGER_FUNCTIONS_SQL, [excluded]],
      [FDW_EXTENSIONS_SQL, [postgresArrayText(FDW_EXTENSIONS.map((e) => e.name))]],
      [FOREIGN_DATA_WRAPPERS_SQL, []],
      [FOREIGN_SERVERS_SQL, []],
      [FOREIGN_TABLES_SQL, []],
    ]
    for (const [query, parameters] of queries) {
      const res = await sql(platform, reader.token, ref, query, parameters)
      expect(res.status, `${query.slice(0, 60)}: ${JSON.stringify(res.body)}`).toBe(200)
    }
  })

  it("refuses a Read-only member's DDL with the Postgres error the screens show in place", async () => {
    const res = await sql(platform, reader.token, ref, enableExtensionSql({ name: 'pg_trgm', fixedSchema: null, requires: [] }, 'extensions'))
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.any(String))
  })

  it('reports what the server offers; the platform creates superuser-only extensions on request, never untrusted languages', async () => {
    const res = await sql(platform, reader.token, ref, EXTENSIONS_SQL, [])
    const rows = res.body.rows as ServerExtensionRow[]
    // Members' SQL never runs as a superuser (issue 9).
    expect(rows[0].current_is_superuser).toBe(false)
    expect(rows.find((r) => r.name === 'plpgsql')).toMatchObject({ installed_version: expect.any(String) })
    if (usePostgres) {
      expect(rows.find((r) => r.name === 'postgres_fdw')).toMatchObject({ trusted: false })
      const enable = await sql(platform, developer.token, ref, enableExtensionSql({ name: 'citext', fixedSchema: null, requires: [] }, 'extensions'))
      expect(enable.status, JSON.stringify(enable.body)).toBe(200)
      // Not trusted, so the platform's privileged session creates it (issue 9).
      const fdw = await sql(platform, developer.token, ref, enableExtensionSql({ name: 'postgres_fdw', fixedSchema: null, requires: [] }, 'extensions'))
      expect(fdw.status, JSON.stringify(fdw.body)).toBe(200)
      const dropped = await sql(platform, developer.token, ref, 'drop extension postgres_fdw')
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200)
    } else {
      // PGlite ships Postgres contrib: the project database offers it all.
      expect(rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(['plpgsql', 'pg_trgm', 'citext', 'pgcrypto', 'uuid-ossp', 'hstore', 'ltree', 'file_fdw', 'pg_stat_statements'])
      )
      expect(rows.length).toBeGreaterThan(30)
      expect(rows.filter((r) => r.installed_version !== null).map((r) => r.name)).toEqual(['plpgsql'])
    }
  })

  it('enables a contrib extension in a chosen schema, lists what depends on it, and disables it', async () => {
    const trgm = { name: 'pg_trgm', fixedSchema: null, requires: [] }
    const enable = await sql(platform, developer.token, ref, enableExtensionSql(trgm, 'search'))
    expect(enable.status, JSON.stringify(enable.body)).toBe(200)
    const rows = (await sql(platform, reader.token, ref, EXTENSIONS_SQL, [])).body.rows as ServerExtensionRow[]
    expect(rows.find((r) => r.name === 'pg_trgm')).toMatchObject({ installed_version: expect.any(String), schema: 'search' })
    const similarity = await sql(platform, reader.token, ref, `select search.similarity('postgres', 'postgre') > 0.5 as close`)
    expect(similarity.body.rows).toEqual([{ close: true }])

    const index = await sql(platform, developer.token, ref, 'create index orders_note_trgm on public.orders using gin (note search.gin_trgm_ops)')
    expect(index.status, JSON.stringify(index.body)).toBe(200)
    const dependents = await sql(platform, reader.token, ref, EXTENSION_DEPENDENTS_SQL, ['pg_trgm'])
    expect(dependents.status, JSON.stringify(dependents.body)).toBe(200)
    expect(JSON.stringify(dependents.body.rows)).toContain('orders_note_trgm')

    const disable = await sql(platform, developer.token, ref, disableExtensionSql('pg_trgm', true))
    expect(disable.status, JSON.stringify(disable.body)).toBe(200)
    expect((await sql(platform, reader.token, ref, `select extname from pg_extension where extname = 'pg_trgm'`)).body.rows).toEqual([])
    expect((await sql(platform, reader.token, ref, `select to_regclass('public.orders_note_trgm') as i`)).body.rows).toEqual([{ i: null }])
  })

  it("hides Postgres's own roles and every project's platform roles", async () => {
    const res = await sql(platform, reader.token, ref, ROLES_SQL, [PLATFORM_ROLE_PATTERN])
    const names = (res.body.rows as { name: string }[]).map((r) => r.name)
    expect(names.some((n) => n.startsWith('pg_'))).toBe(false)
    expect(names.some((n) => n.includes(ref.replace(/-/g, '_')) || n.includes(otherRef.replace(/-/g, '_')))).toBe(false)
  })

  it('creates, disables and deletes a notify hook as a Developer', async () => {
    const create = await sql(
      platform,
      developer.token,
      ref,
      createHookSql({ name: 'orders_feed', schema: 'public', table: 'orders', events: ['INSERT'], timing: 'AFTER', level: 'ROW', action: { kind: 'notify', channel: 'orders' } })
    )
    expect(create.status, JSON.stringify(create.body)).toBe(200)
    const insert = await sql(platform, developer.token, ref, 'insert into public.orders (id, total) values (1, 10)')
    expect(insert.status, JSON.stringify(insert.body)).toBe(200)

    const list = async () => ((await sql(platform, reader.token, ref, TRIGGERS_SQL, [excluded])).body.rows as TriggerRow[]).map(toHook)
    const [hook] = await list()
    expect(hook).toMatchObject({ name: 'orders_feed', kind: 'notify', target: 'orders', enabled: true, ownsFunction: true })

    expect((await sql(platform, developer.token, ref, setTriggerEnabledSql(hook, false))).status).toBe(200)
    expect((await list())[0].enabled).toBe(false)
    expect((await sql(platform, developer.token, ref, dropHookSql(hook, true))).status).toBe(200)
    expect(await list()).toEqual([])
  })
})
