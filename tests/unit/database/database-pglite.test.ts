/**
 * The database screens' SQL on a real Postgres (PGlite in memory, with some contrib extensions
 * loaded the way a server would have them installed): the catalogue queries run and read what
 * the builders' DDL did.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { COLUMN_PRIVILEGES_SQL, columnPrivilegesSql, currentColumnGrants, diffColumnGrants, privilegeGrid, type ColumnPrivilegeRow } from '@/lib/database/column-privileges'
import { disableExtensionSql, enableExtensionSql, EXTENSION_DEPENDENTS_SQL, EXTENSIONS_SQL, mergeExtensions, type ServerExtensionRow } from '@/lib/database/extensions'
import { createHookSql, dropHookSql, toHook } from '@/lib/database/hooks'
import { setTriggerEnabledSql, TRIGGER_FUNCTIONS_SQL, TRIGGERS_SQL, type TriggerRow } from '@/lib/database/triggers'
import { PLATFORM_ROLE_PATTERN, ROLES_SQL } from '@/lib/database/roles'
import { EXCLUDED_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import {
  dropServerSql,
  FDW_EXTENSIONS,
  FDW_EXTENSIONS_SQL,
  FOREIGN_DATA_WRAPPERS_SQL,
  FOREIGN_SERVERS_SQL,
  FOREIGN_TABLES_SQL,
  type ForeignServerRow,
} from '@/lib/database/wrappers'

let db: PGlite

/** Like the platform: the script in one round trip; a failure leaves the transaction to be rolled back. */
async function run(sql: string): Promise<void> {
  try {
    await db.exec(sql)
  } finally {
    if (await db.isInTransaction()) await db.exec('rollback')
  }
}

const excluded = () => postgresArrayText(EXCLUDED_SCHEMAS)

async function hooks() {
  return (await db.query<TriggerRow>(TRIGGERS_SQL, [excluded()])).rows.map(toHook)
}

beforeAll(async () => {
  db = await freshPglite({ extensions: { citext, pg_trgm, file_fdw } })
  await db.exec(`create table public.orders (id int primary key, "Total Amount" numeric, note text);
    create role analyst; create role project_abcdefghij; create role project_abcdefghij_dashboard;`)
}, 60_000)

afterAll(async () => {
  await db?.close()
})

describe('extensions', () => {
  it('lists the server extensions and merges them with the catalogue', async () => {
    const { rows } = await db.query<ServerExtensionRow>(EXTENSIONS_SQL)
    const names = rows.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['citext', 'pg_trgm', 'plpgsql', 'file_fdw']))
    expect(rows.find((r) => r.name === 'plpgsql')).toMatchObject({ installed_version: '1.0', fixed_schema: 'pg_catalog' })
    expect(rows[0].current_is_superuser).toBe(true)
    const merged = mergeExtensions(rows, 17)
    expect(merged.find((e) => e.name === 'pg_trgm')).toMatchObject({ available: true, enabled: false, inCatalogue: true })
    expect(merged.find((e) => e.name === 'postgis')).toMatchObject({ available: false })
  })

  it('enables into a schema it creates, reports dependents, and disables with CASCADE', async () => {
    await run(enableExtensionSql({ name: 'citext', fixedSchema: null, requires: [] }, 'my ext'))
    const { rows } = await db.query<ServerExtensionRow>(EXTENSIONS_SQL)
    expect(rows.find((r) => r.name === 'citext')).toMatchObject({ installed_version: expect.any(String), schema: 'my ext' })

    await db.exec(`create table public.people (email "my ext".citext)`)
    const dependents = (await db.query<{ object: string }>(EXTENSION_DEPENDENTS_SQL, ['citext'])).rows.map((r) => r.object)
    expect(dependents).toEqual(['column email of table people'])

    await expect(db.exec(disableExtensionSql('citext', false))).rejects.toThrow(/depend/)
    await db.exec('rollback')
    await run(disableExtensionSql('citext', true))
    const after = (await db.query<ServerExtensionRow>(EXTENSIONS_SQL)).rows.find((r) => r.name === 'citext')
    expect(after?.installed_version).toBeNull()
    expect((await db.query(`select 1 from pg_attribute where attrelid = 'public.people'::regclass and attname = 'email'`)).rows).toEqual([])
  })
})

describe('column privileges', () => {
  const grid = async (role: string) =>
    privilegeGrid((await db.query<ColumnPrivilegeRow>(COLUMN_PRIVILEGES_SQL, ['public', 'orders', role])).rows)

  it('lists roles without pg_* and platform roles', async () => {
    const names = (await db.query<{ name: string }>(ROLES_SQL, [PLATFORM_ROLE_PATTERN])).rows.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['analyst', 'postgres']))
    expect(names.some((n) => n.startsWith('pg_') || n.startsWith('project_'))).toBe(false)
  })

  it('grants and revokes single columns, and reads the effect back', async () => {
    const before = await grid('analyst')
    expect(before.map((c) => c.name)).toEqual(['id', 'Total Amount', 'note'])
    expect(before.every((c) => !c.cells.SELECT.effective)).toBe(true)

    const current = currentColumnGrants(before)
    const changes = diffColumnGrants(current, { ...current, id: ['SELECT'], 'Total Amount': ['SELECT', 'UPDATE'] })
    await run(columnPrivilegesSql({ schema: 'public', name: 'orders' }, 'analyst', changes))
    const after = await grid('analyst')
    expect(after[1].cells.UPDATE).toEqual({ effective: true, columnGrant: true, source: 'column' })
    expect(after[0].cells.SELECT.source).toBe('column')
    expect(after[2].cells.SELECT.effective).toBe(false)
    const { rows } = await db.query<{ ok: boolean }>(`select has_column_privilege('analyst', 'public.orders', 'Total Amount', 'UPDATE') as ok`)
    expect(rows[0].ok).toBe(true)

    const revoke = diffColumnGrants(currentColumnGrants(after), { ...currentColumnGrants(after), 'Total Amount': ['SELECT'] })
    await run(columnPrivilegesSql({ schema: 'public', name: 'orders' }, 'analyst', revoke))
    expect((await grid('analyst'))[1].cells.UPDATE.effective).toBe(false)
  })

  it('says a table-level grant is where a privilege comes from', async () => {
    await db.exec('grant insert on public.orders to analyst')
    const cells = (await grid('analyst'))[2].cells
    expect(cells.INSERT).toMatchObject({ effective: true, source: 'table' })
    expect((await grid('postgres'))[0].cells.SELECT.source).toBe('superuser')
  })
})

describe('hooks', () => {
  it('a notify hook sends the row as JSON, stops when disabled, and is dropped with its function', async () => {
    const received: string[] = []
    const unlisten = await db.listen('orders_feed', (payload) => received.push(payload))
    await run(
      createHookSql({ name: 'orders feed', schema: 'public', table: 'orders', events: ['INSERT', 'UPDATE'], timing: 'AFTER', level: 'ROW', action: { kind: 'notify', channel: 'orders_feed' } })
    )
    const [hook] = (await hooks()).filter((h) => h.name === 'orders feed')
    expect(hook).toMatchObject({ kind: 'notify', target: 'orders_feed', enabled: true, events: ['INSERT', 'UPDATE'], timing: 'AFTER', level: 'ROW', ownsFunction: true })

    await db.exec(`insert into public.orders (id, "Total Amount", note) values (1, 9.5, 'first')`)
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(JSON.parse(received[0])).toMatchObject({ type: 'INSERT', schema: 'public', table: 'orders', record: { id: 1, note: 'first' }, old_record: null })

    await run(setTriggerEnabledSql(hook, false))
    expect((await hooks()).find((h) => h.name === 'orders feed')?.enabled).toBe(false)
    await db.exec(`update public.orders set note = 'second' where id = 1`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(received).toHaveLength(1)

    await run(setTriggerEnabledSql(hook, true))
    await db.exec(`update public.orders set note = 'third' where id = 1`)
    await vi.waitFor(() => expect(received).toHaveLength(2))
    expect(JSON.parse(received[1])).toMatchObject({ type: 'UPDATE', record: { note: 'third' }, old_record: { note: 'second' } })

    await run(dropHookSql(hook, true))
    expect((await hooks()).some((h) => h.name === 'orders feed')).toBe(false)
    expect((await db.query(`select 1 from pg_proc where proname = 'orders feed_hook'`)).rows).toEqual([])
    await unlisten()
  })

  it('a hook on an existing trigger function; internal constraint triggers are not listed', async () => {
    await db.exec(`create table public.lines (id int references public.orders (id));
      create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;`)
    const fns = (await db.query<{ name: string }>(TRIGGER_FUNCTIONS_SQL, [excluded()])).rows.map((r) => r.name)
    expect(fns).toContain('touch')
    await run(createHookSql({ name: 'stamp', schema: 'public', table: 'lines', events: ['TRUNCATE'], timing: 'BEFORE', level: 'STATEMENT', action: { kind: 'function', schema: 'public', name: 'touch' } }))
    const list = await hooks()
    expect(list.map((h) => h.name)).toEqual(['stamp'])
    expect(list[0]).toMatchObject({ kind: 'function', timing: 'BEFORE', level: 'STATEMENT', events: ['TRUNCATE'], ownsFunction: false })
  })

  it('an HTTP hook without pg_net makes every write fail (why the form asks for pg_net first)', async () => {
    await run(createHookSql({ name: 'web', schema: 'public', table: 'orders', events: ['INSERT'], timing: 'AFTER', level: 'ROW', action: { kind: 'http', url: 'https://example.com', timeoutMs: 1000 } }))
    await expect(db.exec(`insert into public.orders (id) values (99)`)).rejects.toThrow(/net/)
    const [hook] = (await hooks()).filter((h) => h.name === 'web')
    expect(hook).toMatchObject({ kind: 'http', target: 'https://example.com' })
    await run(dropHookSql(hook, true))
    await db.exec(`insert into public.orders (id) values (99)`)
  })
})

describe('wrappers', () => {
  it('lists FDW extensions, wrappers, servers (no mapping options) and foreign tables; drops a server with CASCADE', async () => {
    const names = postgresArrayText(FDW_EXTENSIONS.map((e) => e.name))
    const before = (await db.query<{ name: string; installed_version: string | null }>(FDW_EXTENSIONS_SQL, [names])).rows
    expect(before).toEqual([expect.objectContaining({ name: 'file_fdw', installed_version: null })])

    await run(enableExtensionSql({ name: 'file_fdw', fixedSchema: null, requires: [] }, 'extensions'))
    await db.exec(`create server files foreign data wrapper file_fdw;
      create user mapping for current_user server files;
      create foreign table public.remote_csv (a text) server files options (filename '/tmp/x.csv', format 'csv');`)

    const wrappers = (await db.query<{ name: string; extension: string }>(FOREIGN_DATA_WRAPPERS_SQL)).rows
    expect(wrappers).toEqual([expect.objectContaining({ name: 'file_fdw', extension: 'file_fdw' })])
    const servers = (await db.query<ForeignServerRow>(FOREIGN_SERVERS_SQL)).rows
    expect(servers).toEqual([expect.objectContaining({ name: 'files', wrapper: 'file_fdw', user_mappings: 'postgres', table_count: 1 })])
    const tables = (await db.query<{ name: string; options: string }>(FOREIGN_TABLES_SQL)).rows
    expect(tables[0].name).toBe('remote_csv')
    expect(JSON.parse(tables[0].options)).toEqual(['filename=/tmp/x.csv', 'format=csv'])

    await expect(db.exec(dropServerSql('files', false))).rejects.toThrow(/depend/)
    await db.exec('rollback')
    await run(dropServerSql('files', true))
    expect((await db.query(FOREIGN_SERVERS_SQL)).rows).toEqual([])
    expect((await db.query(FOREIGN_TABLES_SQL)).rows).toEqual([])
  })
})
