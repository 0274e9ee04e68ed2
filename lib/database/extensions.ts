/**
 * The extensions screen's rules: what the database has (pg_available_extensions, pg_extension)
 * merged with the static catalogue (lib/catalogue/extensions.ts), the filters, whether an
 * extension may be enabled, and the SQL that enables or disables one. Pure: no I/O.
 */
import { EXTENSIONS, isExtensionDeprecated, type CatalogueExtension, type ExtensionTag } from '@/lib/catalogue/extensions'
import { inTransaction } from '@/lib/sql/ddl'
import { quoteIdent } from '@/lib/sql/identifiers'

/** Schema extensions go to unless the user picks another (created when missing). */
export const DEFAULT_EXTENSION_SCHEMA = 'extensions'

/**
 * Every extension the server knows, installed or not (a full join: an installed extension whose
 * files were removed still shows), with what the server says about who may create it.
 * One statement, no writes: it runs for Read-only members too.
 */
export const EXTENSIONS_SQL = `select coalesce(a.name, e.extname)::text as name,
  a.default_version::text as default_version,
  a.comment as server_comment,
  e.extversion::text as installed_version,
  n.nspname::text as schema,
  coalesce(v.trusted, false) as trusted,
  coalesce(v.superuser, true) as superuser,
  v.schema::text as fixed_schema,
  coalesce(array_to_string(v.requires, ','), '') as requires,
  (select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user) as current_is_superuser,
  current_setting('server_version_num') as server_version_num
from pg_catalog.pg_available_extensions a
full join pg_catalog.pg_extension e on e.extname = a.name
left join pg_catalog.pg_namespace n on n.oid = e.extnamespace
left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
order by 1`

/** A row of EXTENSIONS_SQL. */
export type ServerExtensionRow = {
  name: string
  default_version: string | null
  server_comment: string | null
  installed_version: string | null
  schema: string | null
  trusted: boolean
  superuser: boolean
  fixed_schema: string | null
  requires: string
  current_is_superuser: boolean | null
  server_version_num: string | null
}

/** One extension as the screen lists it. */
export type ExtensionEntry = {
  name: string
  comment: string
  tags: readonly ExtensionTag[]
  /** From the static catalogue (false: only the server knows it). */
  inCatalogue: boolean
  catalogue: CatalogueExtension | null
  /** The server has the extension's files. */
  available: boolean
  enabled: boolean
  defaultVersion: string | null
  installedVersion: string | null
  /** Schema the installed extension lives in. */
  schema: string | null
  /** Schema the extension must be installed in (its control file says so), or null. */
  fixedSchema: string | null
  /** Deprecated on the project's Postgres major (spec §3): shown, not enable-able. */
  deprecated: boolean
  /** Only a superuser may create it (not a trusted extension). */
  superuserOnly: boolean
  /** Extensions installed along with it (CREATE EXTENSION … CASCADE). */
  requires: string[]
}

/** Merges the catalogue with the server's rows: every catalogue entry, then what only the server has. */
export function mergeExtensions(rows: readonly ServerExtensionRow[], postgresMajor: number | null, catalogue: readonly CatalogueExtension[] = EXTENSIONS): ExtensionEntry[] {
  const byName = new Map(rows.map((row) => [row.name, row]))
  const entries: ExtensionEntry[] = []
  const toEntry = (name: string, item: CatalogueExtension | null, row: ServerExtensionRow | undefined): ExtensionEntry => ({
    name,
    comment: item?.comment ?? row?.server_comment ?? '',
    tags: item?.tags ?? [],
    inCatalogue: item !== null,
    catalogue: item,
    available: Boolean(row && row.default_version !== null),
    enabled: Boolean(row && row.installed_version !== null),
    defaultVersion: row?.default_version ?? null,
    installedVersion: row?.installed_version ?? null,
    schema: row?.schema ?? null,
    fixedSchema: row?.fixed_schema ?? null,
    deprecated: postgresMajor !== null && (item?.deprecated?.includes(postgresMajor) ?? isExtensionDeprecated(name, postgresMajor)),
    superuserOnly: Boolean(row && row.superuser && !row.trusted),
    requires: row?.requires ? row.requires.split(',').filter(Boolean) : [],
  })
  for (const item of catalogue) entries.push(toEntry(item.name, item, byName.get(item.name)))
  const known = new Set(catalogue.map((item) => item.name))
  for (const row of rows) if (!known.has(row.name)) entries.push(toEntry(row.name, null, row))
  return entries.sort((a, b) => a.name.localeCompare(b.name))
}

export type ExtensionStatusFilter = 'all' | 'enabled' | 'disabled'

export type ExtensionFilter = { search: string; tag: ExtensionTag | null; status: ExtensionStatusFilter }

/** Entries matching a search (name or description), a tag, and an enabled state. */
export function filterExtensions(entries: readonly ExtensionEntry[], filter: ExtensionFilter): ExtensionEntry[] {
  const words = filter.search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  return entries.filter((entry) => {
    if (filter.tag && !entry.tags.includes(filter.tag)) return false
    if (filter.status === 'enabled' && !entry.enabled) return false
    if (filter.status === 'disabled' && entry.enabled) return false
    const text = `${entry.name} ${entry.comment}`.toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** Enabled first, then what this server can enable, then the rest; by name within each group. */
export function sortExtensions(entries: readonly ExtensionEntry[]): ExtensionEntry[] {
  const rank = (e: ExtensionEntry) => (e.enabled ? 0 : e.available && !e.deprecated ? 1 : 2)
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
}

/** Why an extension cannot be enabled here, or null when it can. */
export function enableBlockReason(entry: ExtensionEntry): string | null {
  if (entry.enabled) return null
  if (!entry.available) return 'This database server does not have this extension installed, so it cannot be enabled.'
  if (entry.deprecated) return 'Deprecated on this Postgres version: it can no longer be enabled.'
  if (isRefusedExtension(entry.name)) return REFUSED_EXTENSION_MESSAGE
  return null
}

/**
 * Extensions the platform never installs for a member (issue 9): untrusted procedural languages
 * (`pl*u`) and extensions that reach the host's files. Every other extension the server offers
 * is created by the platform on the member's request, superuser-only ones included.
 */
const REFUSED_EXTENSIONS = new Set(['adminpack', 'plsh'])

export const REFUSED_EXTENSION_MESSAGE = 'Untrusted languages and extensions that reach the host are not available on this platform.'

export function isRefusedExtension(name: string): boolean {
  return REFUSED_EXTENSIONS.has(name) || /^pl.*u$/.test(name)
}

/** CREATE EXTENSION in one transaction, creating the target schema first when asked. */
export function enableExtensionSql(entry: Pick<ExtensionEntry, 'name' | 'fixedSchema' | 'requires'>, schema: string): string {
  const statements: string[] = []
  const target = entry.fixedSchema ? null : schema.trim()
  if (target !== null && target === '') throw new Error('Choose a schema for the extension')
  if (target) statements.push(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(target)}`)
  statements.push(
    `CREATE EXTENSION ${quoteIdent(entry.name)}${target ? ` WITH SCHEMA ${quoteIdent(target)}` : ''}${entry.requires.length > 0 ? ' CASCADE' : ''}`
  )
  return inTransaction(statements)
}

/** DROP EXTENSION; CASCADE also drops every object that depends on it. */
export function disableExtensionSql(name: string, cascade: boolean): string {
  return inTransaction([`DROP EXTENSION ${quoteIdent(name)}${cascade ? ' CASCADE' : ''}`])
}

/**
 * What DROP EXTENSION … CASCADE would drop besides the extension's own objects: objects outside
 * the extension that depend on one of its members (a column of an extension type, a view on an
 * extension function), and extensions that require it. $1: the extension name.
 */
export const EXTENSION_DEPENDENTS_SQL = `with ext as (select oid from pg_catalog.pg_extension where extname = $1),
members as (
  select m.classid, m.objid from pg_catalog.pg_depend m, ext
  where m.refclassid = 'pg_catalog.pg_extension'::regclass and m.refobjid = ext.oid and m.deptype = 'e'
)
select distinct pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid) as object
from pg_catalog.pg_depend d join members on d.refclassid = members.classid and d.refobjid = members.objid
where d.deptype in ('n', 'a')
  and not exists (select 1 from members x where x.classid = d.classid and x.objid = d.objid)
  -- operator-class entries come with the extension's operator families
  and d.classid not in ('pg_catalog.pg_amop'::regclass, 'pg_catalog.pg_amproc'::regclass)
union
select pg_catalog.pg_describe_object(d.classid, d.objid, d.objsubid)
from pg_catalog.pg_depend d, ext
where d.refclassid = 'pg_catalog.pg_extension'::regclass and d.refobjid = ext.oid and d.deptype = 'n'
order by 1`
