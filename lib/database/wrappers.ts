/**
 * Foreign data wrappers (spec §2 /database/wrappers): which FDW extensions the server offers,
 * the wrappers, servers and foreign tables the database has, and the DDL to add a postgres_fdw
 * server with its user mapping, import a remote schema, and drop a server. Pure: no I/O.
 * User mapping options (passwords) are never read: only who has a mapping.
 */
import { inTransaction } from '@/lib/sql/ddl'
import { quoteIdent, quoteLiteral } from '@/lib/sql/identifiers'

/** Extensions that provide foreign data wrappers, with what each one reaches. */
export const FDW_EXTENSIONS: readonly { name: string; description: string }[] = [
  { name: 'postgres_fdw', description: 'tables of another Postgres database (ships with Postgres contrib)' },
  { name: 'file_fdw', description: 'files on the database server read as tables (ships with Postgres contrib)' },
  { name: 'dblink', description: 'queries on another Postgres database through dblink_fdw servers (ships with Postgres contrib)' },
  { name: 'wrappers', description: 'external services such as Stripe, Firebase, S3 or ClickHouse (the Supabase Wrappers framework)' },
]

/** True for an extension name that provides a foreign data wrapper. */
export function isFdwExtension(name: string): boolean {
  return FDW_EXTENSIONS.some((e) => e.name === name) || name.endsWith('_fdw')
}

/** Available or installed FDW extensions ($1: names known to provide one). */
export const FDW_EXTENSIONS_SQL = `select coalesce(a.name, e.extname)::text as name, a.default_version::text as default_version,
  e.extversion::text as installed_version, n.nspname::text as schema, a.comment,
  coalesce(v.trusted, false) as trusted, coalesce(v.superuser, true) as superuser,
  (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) as current_is_superuser
from pg_catalog.pg_available_extensions a
full join pg_catalog.pg_extension e on e.extname = a.name
left join pg_catalog.pg_namespace n on n.oid = e.extnamespace
left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
where coalesce(a.name, e.extname) = any($1::text::text[]) or coalesce(a.name, e.extname) like '%\\_fdw'
order by 1`

export type FdwExtensionRow = {
  name: string
  default_version: string | null
  installed_version: string | null
  schema: string | null
  comment: string | null
  trusted: boolean
  superuser: boolean
  current_is_superuser: boolean | null
}

/** Foreign data wrappers with the extension that made each (if any). */
export const FOREIGN_DATA_WRAPPERS_SQL = `select w.oid::int as id, w.fdwname::text as name,
  h.proname::text as handler, vf.proname::text as validator,
  coalesce(array_to_json(w.fdwoptions)::text, '[]') as options,
  (select e.extname::text from pg_catalog.pg_depend d join pg_catalog.pg_extension e on e.oid = d.refobjid
    where d.classid = 'pg_catalog.pg_foreign_data_wrapper'::regclass and d.objid = w.oid and d.deptype = 'e' limit 1) as extension
from pg_catalog.pg_foreign_data_wrapper w
left join pg_catalog.pg_proc h on h.oid = w.fdwhandler
left join pg_catalog.pg_proc vf on vf.oid = w.fdwvalidator
order by w.fdwname`

export type ForeignDataWrapperRow = { id: number; name: string; handler: string | null; validator: string | null; options: string; extension: string | null }

/** Foreign servers: wrapper, options, who has a user mapping (never the mapping's options), foreign tables. */
export const FOREIGN_SERVERS_SQL = `select s.oid::int as id, s.srvname::text as name, w.fdwname::text as wrapper,
  coalesce(array_to_json(s.srvoptions)::text, '[]') as options,
  pg_catalog.pg_get_userbyid(s.srvowner)::text as owner,
  coalesce((select string_agg(coalesce(um.usename::text, 'PUBLIC'), ',' order by um.usename)
    from pg_catalog.pg_user_mappings um where um.srvid = s.oid), '') as user_mappings,
  (select count(*)::int from pg_catalog.pg_foreign_table ft where ft.ftserver = s.oid) as table_count
from pg_catalog.pg_foreign_server s
join pg_catalog.pg_foreign_data_wrapper w on w.oid = s.srvfdw
order by s.srvname`

export type ForeignServerRow = { id: number; name: string; wrapper: string; options: string; owner: string; user_mappings: string; table_count: number }

/** Foreign tables with their server and options. */
export const FOREIGN_TABLES_SQL = `select c.oid::int as id, n.nspname::text as schema, c.relname::text as name, s.srvname::text as server,
  coalesce(array_to_json(ft.ftoptions)::text, '[]') as options
from pg_catalog.pg_foreign_table ft
join pg_catalog.pg_class c on c.oid = ft.ftrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_foreign_server s on s.oid = ft.ftserver
order by n.nspname, c.relname`

export type ForeignTableRow = { id: number; schema: string; name: string; server: string; options: string }

export type OptionPair = { key: string; value: string }

const SECRET_OPTION = /pass|secret|token|key/i

/** Parses `["host=db", "port=5432"]` (array_to_json of an options array); secret-looking values are masked. */
export function parseOptions(json: string): OptionPair[] {
  let items: unknown
  try {
    items = JSON.parse(json)
  } catch {
    return []
  }
  if (!Array.isArray(items)) return []
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => {
      const at = item.indexOf('=')
      const key = at < 0 ? item : item.slice(0, at)
      const value = at < 0 ? '' : item.slice(at + 1)
      return { key, value: SECRET_OPTION.test(key) ? '••••••••' : value }
    })
}

/** A postgres_fdw server and the current user's mapping to it. */
export type PostgresServerSpec = {
  name: string
  host: string
  port: string
  dbname: string
  user: string
  password: string
}

/** What is wrong with the server form, field by field. */
export function validatePostgresServer(spec: PostgresServerSpec): Partial<Record<keyof PostgresServerSpec, string>> {
  const errors: Partial<Record<keyof PostgresServerSpec, string>> = {}
  if (spec.name.trim() === '') errors.name = 'Give the server a name'
  if (spec.host.trim() === '') errors.host = 'Enter the host of the remote database'
  if (!/^\d+$/.test(spec.port) || Number(spec.port) < 1 || Number(spec.port) > 65_535) errors.port = 'Enter a port from 1 to 65535'
  if (spec.dbname.trim() === '') errors.dbname = 'Enter the name of the remote database'
  if (spec.user.trim() === '') errors.user = 'Enter the remote user'
  return errors
}

/** Placeholder shown in place of the password in the SQL preview. */
export const PASSWORD_MASK = '********'

/**
 * CREATE SERVER … FOREIGN DATA WRAPPER postgres_fdw and CREATE USER MAPPING FOR CURRENT_USER, in
 * one transaction. `maskPassword` gives the text to show; the real script carries the password.
 */
export function createPostgresServerSql(spec: PostgresServerSpec, { maskPassword = false } = {}): string {
  const first = Object.values(validatePostgresServer(spec))[0]
  if (first) throw new Error(first)
  const server = quoteIdent(spec.name.trim())
  const mapping = [`user ${quoteLiteral(spec.user)}`]
  if (spec.password !== '') mapping.push(`password ${maskPassword ? quoteLiteral(PASSWORD_MASK) : quoteLiteral(spec.password)}`)
  return inTransaction([
    `CREATE SERVER ${server} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host ${quoteLiteral(spec.host.trim())}, port ${quoteLiteral(spec.port)}, dbname ${quoteLiteral(spec.dbname.trim())})`,
    `CREATE USER MAPPING FOR CURRENT_USER SERVER ${server} OPTIONS (${mapping.join(', ')})`,
  ])
}

export type ImportSchemaSpec = { server: string; remoteSchema: string; localSchema: string; tables: readonly string[] }

/** IMPORT FOREIGN SCHEMA into a local schema (created when missing), optionally LIMIT TO some tables. */
export function importForeignSchemaSql(spec: ImportSchemaSpec): string {
  if (!spec.server) throw new Error('Choose a server')
  if (spec.remoteSchema.trim() === '') throw new Error('Enter the remote schema')
  if (spec.localSchema.trim() === '') throw new Error('Enter the local schema')
  const limit = spec.tables.length > 0 ? ` LIMIT TO (${spec.tables.map(quoteIdent).join(', ')})` : ''
  return inTransaction([
    `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(spec.localSchema.trim())}`,
    `IMPORT FOREIGN SCHEMA ${quoteIdent(spec.remoteSchema.trim())}${limit} FROM SERVER ${quoteIdent(spec.server)} INTO ${quoteIdent(spec.localSchema.trim())}`,
  ])
}

/** DROP SERVER; CASCADE also drops its user mappings and foreign tables. */
export function dropServerSql(name: string, cascade: boolean): string {
  return inTransaction([`DROP SERVER ${quoteIdent(name)}${cascade ? ' CASCADE' : ''}`])
}
