import {
  columnPrivilegesSql,
  currentColumnGrants,
  diffColumnGrants,
  isFixedCell,
  privilegeGrid,
  type ColumnPrivilegeRow,
} from '@/lib/database/column-privileges'
import {
  disableExtensionSql,
  enableBlockReason,
  isRefusedExtension,
  enableExtensionSql,
  filterExtensions,
  mergeExtensions,
  sortExtensions,
  type ServerExtensionRow,
} from '@/lib/database/extensions'
import { createHookSql, dropHookSql, toHook, validateHook, type HookSpec } from '@/lib/database/hooks'
import { setTriggerEnabledSql, type TriggerRow } from '@/lib/database/triggers'
import { dollarQuote } from '@/lib/sql/dollar-quote'
import { majorFromDbVersion, majorFromServerVersionNum, postgresMajor } from '@/lib/database/postgres-version'
import { isHiddenRole } from '@/lib/database/roles'
import { createPostgresServerSql, dropServerSql, importForeignSchemaSql, isFdwExtension, parseOptions, validatePostgresServer } from '@/lib/database/wrappers'

const serverRow = (overrides: Partial<ServerExtensionRow>): ServerExtensionRow => ({
  name: 'x',
  default_version: '1.0',
  server_comment: 'from the server',
  installed_version: null,
  schema: null,
  trusted: true,
  superuser: true,
  fixed_schema: null,
  requires: '',
  current_is_superuser: false,
  server_version_num: '170004',
  ...overrides,
})

describe('postgres version', () => {
  it('reads the major from dbVersion, then from server_version_num', () => {
    expect(majorFromDbVersion('17.4')).toBe(17)
    expect(majorFromDbVersion('15.8.1.085')).toBe(15)
    expect(majorFromDbVersion('17.4-orioledb')).toBe(17)
    expect(majorFromDbVersion('')).toBeNull()
    expect(majorFromServerVersionNum('180006')).toBe(18)
    expect(majorFromServerVersionNum(90624)).toBe(9)
    expect(majorFromServerVersionNum('nope')).toBeNull()
    expect(postgresMajor('', '150012')).toBe(15)
    expect(postgresMajor('17.1', '150012')).toBe(17)
  })
})

describe('extensions', () => {
  const rows = [
    serverRow({ name: 'pg_trgm', installed_version: '1.6', schema: 'extensions' }),
    serverRow({ name: 'citext' }),
    serverRow({ name: 'postgres_fdw', trusted: false }),
    serverRow({ name: 'pgjwt' }),
    serverRow({ name: 'my_own_ext', server_comment: 'made here' }),
  ]
  const merged = mergeExtensions(rows, 17)
  const byName = (name: string) => merged.find((e) => e.name === name)!

  it('lists every catalogue entry plus what only the server has', () => {
    expect(byName('vector').available).toBe(false)
    expect(byName('my_own_ext')).toMatchObject({ inCatalogue: false, comment: 'made here', available: true })
    expect(byName('pg_trgm')).toMatchObject({ enabled: true, schema: 'extensions', inCatalogue: true })
  })

  it('marks deprecated extensions on the project major only', () => {
    expect(byName('pgjwt').deprecated).toBe(true)
    expect(mergeExtensions(rows, 15).find((e) => e.name === 'pgjwt')!.deprecated).toBe(false)
    expect(enableBlockReason(byName('pgjwt'))).toMatch(/Deprecated/)
  })

  it('says why an extension cannot be enabled', () => {
    expect(enableBlockReason(byName('vector'))).toMatch(/does not have/)
    // Superuser-only extensions are created by the platform on the member's request; untrusted languages never.
    expect(enableBlockReason(byName('postgres_fdw'))).toBeNull()
    expect(enableBlockReason(byName('citext'))).toBeNull()
    expect(isRefusedExtension('plpython3u')).toBe(true)
    expect(isRefusedExtension('plpgsql')).toBe(false)
  })

  it('filters by words, tag and state', () => {
    expect(filterExtensions(merged, { search: 'trigram', tag: null, status: 'all' }).map((e) => e.name)).toContain('pg_trgm')
    expect(filterExtensions(merged, { search: '', tag: 'Geo', status: 'all' }).every((e) => e.tags.includes('Geo'))).toBe(true)
    expect(filterExtensions(merged, { search: '', tag: null, status: 'enabled' }).map((e) => e.name)).toEqual(['pg_trgm'])
    expect(filterExtensions(merged, { search: 'zzz nothing', tag: null, status: 'all' })).toEqual([])
  })

  it('sorts enabled, then enable-able, then the rest', () => {
    const names = sortExtensions(merged).map((e) => e.name)
    expect(names.slice(0, 4)).toEqual(['pg_trgm', 'citext', 'my_own_ext', 'postgres_fdw'])
    expect(names.indexOf('pgjwt')).toBeGreaterThan(names.indexOf('postgres_fdw'))
  })

  it('writes CREATE / DROP EXTENSION with quoted names', () => {
    expect(enableExtensionSql({ name: 'uuid-ossp', fixedSchema: null, requires: [] }, 'my "ext"')).toBe(
      'BEGIN;\nCREATE SCHEMA IF NOT EXISTS "my ""ext""";\nCREATE EXTENSION "uuid-ossp" WITH SCHEMA "my ""ext""";\nCOMMIT;'
    )
    expect(enableExtensionSql({ name: 'earthdistance', fixedSchema: null, requires: ['cube'] }, 'extensions')).toContain('CASCADE')
    expect(enableExtensionSql({ name: 'plpgsql', fixedSchema: 'pg_catalog', requires: [] }, '')).toBe('BEGIN;\nCREATE EXTENSION "plpgsql";\nCOMMIT;')
    expect(() => enableExtensionSql({ name: 'citext', fixedSchema: null, requires: [] }, '  ')).toThrow(/schema/)
    expect(disableExtensionSql('citext', true)).toBe('BEGIN;\nDROP EXTENSION "citext" CASCADE;\nCOMMIT;')
    expect(disableExtensionSql('citext', false)).not.toContain('CASCADE')
  })
})

describe('column privileges', () => {
  const row = (column: string, privilege: ColumnPrivilegeRow['privilege'], o: Partial<ColumnPrivilegeRow> = {}): ColumnPrivilegeRow => ({
    position: column === 'id' ? 1 : 2,
    column_name: column,
    data_type: 'text',
    privilege,
    effective: false,
    table_level: false,
    column_grant: false,
    is_owner: false,
    is_superuser: false,
    ...o,
  })

  it('builds the grid with the source of each privilege', () => {
    const grid = privilegeGrid([
      row('name', 'SELECT', { effective: true, column_grant: true }),
      row('id', 'SELECT', { effective: true, table_level: true }),
      row('id', 'INSERT', { effective: true }),
      row('name', 'INSERT'),
    ])
    expect(grid.map((c) => c.name)).toEqual(['id', 'name'])
    expect(grid[0].cells.SELECT.source).toBe('table')
    expect(isFixedCell(grid[0].cells.SELECT)).toBe(true)
    expect(grid[0].cells.INSERT.source).toBe('inherited')
    expect(grid[1].cells.SELECT.source).toBe('column')
    expect(isFixedCell(grid[1].cells.SELECT)).toBe(false)
    expect(currentColumnGrants(grid)).toEqual({ id: [], name: ['SELECT'] })
  })

  it('diffs grants into grants and revokes', () => {
    expect(diffColumnGrants({ a: ['SELECT'], b: [] }, { a: ['UPDATE'], b: ['SELECT'] })).toEqual([
      { column: 'a', privilege: 'SELECT', grant: false },
      { column: 'a', privilege: 'UPDATE', grant: true },
      { column: 'b', privilege: 'SELECT', grant: true },
    ])
    expect(diffColumnGrants({ a: ['SELECT'] }, { a: ['SELECT'] })).toEqual([])
  })

  it('groups columns per privilege and quotes every name', () => {
    const sql = columnPrivilegesSql({ schema: 'public', name: 'Order "items"' }, 'web user', [
      { column: 'a', privilege: 'SELECT', grant: true },
      { column: 'Weird"col', privilege: 'SELECT', grant: true },
      { column: 'a', privilege: 'UPDATE', grant: false },
    ])
    expect(sql).toBe(
      [
        'BEGIN;',
        'GRANT SELECT ("a", "Weird""col") ON TABLE "public"."Order ""items""" TO "web user";',
        'REVOKE UPDATE ("a") ON TABLE "public"."Order ""items""" FROM "web user";',
        'COMMIT;',
      ].join('\n')
    )
    expect(() => columnPrivilegesSql({ schema: 'public', name: 't' }, 'r', [])).toThrow(/no changes/)
  })
})

describe('roles', () => {
  it('hides pg_* roles and the platform project roles', () => {
    expect(isHiddenRole('pg_read_all_data')).toBe(true)
    expect(isHiddenRole('project_abcdefghijklmnopqrst')).toBe(true)
    expect(isHiddenRole('project_abc_dashboard')).toBe(true)
    expect(isHiddenRole('analyst')).toBe(false)
    expect(isHiddenRole('postgres')).toBe(false)
  })
})

describe('hooks', () => {
  const spec = (overrides: Partial<HookSpec> = {}): HookSpec => ({
    name: 'orders_changed',
    schema: 'public',
    table: 'orders',
    events: ['UPDATE', 'INSERT'],
    timing: 'AFTER',
    level: 'ROW',
    action: { kind: 'function', schema: 'public', name: 'audit' },
    ...overrides,
  })

  it('creates a trigger on an existing function, events in a fixed order', () => {
    expect(createHookSql(spec())).toBe(
      'BEGIN;\nCREATE TRIGGER "orders_changed" AFTER INSERT OR UPDATE ON "public"."orders" FOR EACH ROW EXECUTE FUNCTION "public"."audit"();\nCOMMIT;'
    )
  })

  it('creates a notify function marked as a hook, then the trigger', () => {
    const sql = createHookSql(spec({ action: { kind: 'notify', channel: 'orders' } }))
    expect(sql).toContain('CREATE FUNCTION "public"."orders_changed_hook"() RETURNS trigger LANGUAGE plpgsql AS $hook$')
    expect(sql).toContain("PERFORM pg_notify('orders', jsonb_build_object(")
    expect(sql).toContain(`COMMENT ON FUNCTION "public"."orders_changed_hook"() IS 'dashboard hook: notify orders'`)
    expect(sql).toContain('EXECUTE FUNCTION "public"."orders_changed_hook"()')
  })

  it('writes an HTTP hook through pg_net with the URL as a literal', () => {
    const sql = createHookSql(spec({ action: { kind: 'http', url: "https://example.com/x?a='1'", timeoutMs: 2000 } }))
    expect(sql).toContain("net.http_post(url := 'https://example.com/x?a=''1''', body := jsonb_build_object(")
    expect(sql).toContain('timeout_milliseconds := 2000')
  })

  it('validates every field', () => {
    expect(validateHook(spec({ name: ' ', events: [] }))).toMatchObject({ name: expect.any(String), events: expect.any(String) })
    expect(validateHook(spec({ events: ['TRUNCATE'], level: 'ROW' })).level).toMatch(/STATEMENT/)
    expect(validateHook(spec({ action: { kind: 'notify', channel: 'bad channel;' } })).channel).toBeDefined()
    expect(validateHook(spec({ action: { kind: 'http', url: 'ftp://x', timeoutMs: 5000 } })).url).toMatch(/http/)
    expect(validateHook(spec({ action: { kind: 'http', url: 'https://x.test', timeoutMs: 10 } })).timeout).toBeDefined()
    expect(validateHook(spec({ action: { kind: 'function', schema: '', name: '' } })).function).toBeDefined()
    expect(validateHook(spec({ name: 'x'.repeat(58) })).name).toMatch(/bytes/)
    expect(() => createHookSql(spec({ events: [] }))).toThrow()
  })

  it('picks a dollar-quote tag the body does not contain', () => {
    expect(dollarQuote('a')).toBe('$hook$a$hook$')
    expect(dollarQuote('x $hook$ y')).toBe('$hook1$x $hook$ y$hook1$')
  })

  it('enables, disables and drops', () => {
    const hook = { name: 'My Hook', schema: 'public', table: 'orders', functionSchema: 'public', functionName: 'My Hook_hook' }
    expect(setTriggerEnabledSql(hook, false)).toBe('BEGIN;\nALTER TABLE "public"."orders" DISABLE TRIGGER "My Hook";\nCOMMIT;')
    expect(setTriggerEnabledSql(hook, true)).toContain('ENABLE TRIGGER')
    expect(dropHookSql(hook, true)).toBe('BEGIN;\nDROP TRIGGER "My Hook" ON "public"."orders";\nDROP FUNCTION "public"."My Hook_hook"();\nCOMMIT;')
    expect(dropHookSql(hook, false)).not.toContain('DROP FUNCTION')
  })

  it('reads a trigger row as a hook', () => {
    const row: TriggerRow = {
      id: 1,
      name: 'h',
      schema: 'public',
      table_name: 'orders',
      table_kind: 'r',
      function_schema: 'public',
      function_name: 'h_hook',
      function_comment: 'dashboard hook: notify orders',
      function_uses: 1,
      enabled_mode: 'D',
      for_each_row: false,
      timing: 'AFTER',
      events: 'INSERT,DELETE',
      update_columns: [],
      arguments_hex: '',
      definition: '',
    }
    expect(toHook(row)).toMatchObject({ kind: 'notify', target: 'orders', enabled: false, level: 'STATEMENT', events: ['INSERT', 'DELETE'], ownsFunction: true })
    expect(toHook({ ...row, function_comment: null, enabled_mode: 'O' })).toMatchObject({ kind: 'function', enabled: true, ownsFunction: false })
    expect(toHook({ ...row, function_uses: 2 }).ownsFunction).toBe(false)
  })
})

describe('wrappers', () => {
  const server = { name: 'remote db', host: 'db.test', port: '5432', dbname: 'app', user: "o'neil", password: "p'ss" }

  it('recognises FDW extensions', () => {
    expect(isFdwExtension('postgres_fdw')).toBe(true)
    expect(isFdwExtension('mysql_fdw')).toBe(true)
    expect(isFdwExtension('wrappers')).toBe(true)
    expect(isFdwExtension('citext')).toBe(false)
  })

  it('creates a server and mapping; the preview masks the password', () => {
    const sql = createPostgresServerSql(server)
    expect(sql).toContain(`CREATE SERVER "remote db" FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host 'db.test', port '5432', dbname 'app')`)
    expect(sql).toContain(`CREATE USER MAPPING FOR CURRENT_USER SERVER "remote db" OPTIONS (user 'o''neil', password 'p''ss')`)
    const shown = createPostgresServerSql(server, { maskPassword: true })
    expect(shown).not.toContain("p''ss")
    expect(shown).toContain("password '********'")
  })

  it('validates the server form', () => {
    expect(validatePostgresServer({ ...server, port: '99999', host: '' })).toMatchObject({ port: expect.any(String), host: expect.any(String) })
    expect(validatePostgresServer(server)).toEqual({})
  })

  it('imports a schema and drops a server', () => {
    expect(importForeignSchemaSql({ server: 's', remoteSchema: 'public', localSchema: 'remote', tables: ['a', 'B'] })).toBe(
      'BEGIN;\nCREATE SCHEMA IF NOT EXISTS "remote";\nIMPORT FOREIGN SCHEMA "public" LIMIT TO ("a", "B") FROM SERVER "s" INTO "remote";\nCOMMIT;'
    )
    expect(() => importForeignSchemaSql({ server: 's', remoteSchema: '', localSchema: 'x', tables: [] })).toThrow()
    expect(dropServerSql('s', true)).toBe('BEGIN;\nDROP SERVER "s" CASCADE;\nCOMMIT;')
  })

  it('parses options and masks secrets', () => {
    expect(parseOptions('["host=db","password=x","api_key=y","filename=/a=b"]')).toEqual([
      { key: 'host', value: 'db' },
      { key: 'password', value: '••••••••' },
      { key: 'api_key', value: '••••••••' },
      { key: 'filename', value: '/a=b' },
    ])
    expect(parseOptions('not json')).toEqual([])
  })
})
