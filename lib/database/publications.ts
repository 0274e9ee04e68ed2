/**
 * Publications (Database → Publications): the database's publications, the tables each
 * publishes, and the DDL that creates and drops them, turns a table on or off and chooses the
 * operations they publish. `supabase_realtime` decides what Realtime's `postgres_changes` stream
 * (server/realtime/publication.ts): its tables and operations may change, it may not be dropped
 * here. Pure: no I/O; names always quoted.
 */
import { isNameTooLong, NAME_TOO_LONG } from '@/lib/sql/ddl'
import { quoteIdent, quoteLiteral, quoteQualified } from '@/lib/sql/identifiers'

/** The publication Realtime reads. */
export const REALTIME_PUBLICATION = 'supabase_realtime'

export const PUBLICATION_OPERATIONS = ['insert', 'update', 'delete', 'truncate'] as const
export type PublicationOperation = (typeof PUBLICATION_OPERATIONS)[number]

/** Every publication with its operations and how many tables it publishes. */
export const PUBLICATIONS_SQL = `select p.oid::int as id, p.pubname::text as name, pg_catalog.pg_get_userbyid(p.pubowner)::text as owner,
  p.puballtables as all_tables, p.pubinsert as insert, p.pubupdate as update, p.pubdelete as delete, p.pubtruncate as truncate,
  (select count(*)::int from pg_catalog.pg_publication_tables t where t.pubname = p.pubname) as table_count
from pg_catalog.pg_publication p
order by p.pubname = '${REALTIME_PUBLICATION}' desc, p.pubname`

/** The tables publication $1 publishes (each partition of a published partitioned table too). */
export const PUBLICATION_TABLES_SQL = `select t.schemaname::text as schema, t.tablename::text as name
from pg_catalog.pg_publication_tables t where t.pubname = $1::text order by 1, 2`

export type PublicationRow = {
  id: number
  name: string
  owner: string
  all_tables: boolean
  insert: boolean
  update: boolean
  delete: boolean
  truncate: boolean
  table_count: number
}

export type Publication = {
  id: number
  name: string
  owner: string
  /** FOR ALL TABLES: its tables cannot be chosen one by one. */
  allTables: boolean
  operations: Record<PublicationOperation, boolean>
  tableCount: number
}

export type PublishedTable = { schema: string; name: string }

export function toPublication(row: PublicationRow): Publication {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    allTables: row.all_tables,
    operations: { insert: row.insert, update: row.update, delete: row.delete, truncate: row.truncate },
    tableCount: row.table_count,
  }
}

/** Why a publication cannot be dropped here, or null. */
export function dropBlockedReason(name: string): string | null {
  return name === REALTIME_PUBLICATION
    ? 'supabase_realtime decides which tables Realtime streams the changes of: turn its tables and operations on or off instead.'
    : null
}

/** Why a publication's tables cannot be turned on and off one by one, or null. */
export function tablesFixedReason(publication: Pick<Publication, 'allTables'>): string | null {
  return publication.allTables ? 'This publication publishes all tables (FOR ALL TABLES): its tables cannot be chosen one by one.' : null
}

/** `publish = '…'`: the operations on, in Postgres's order. */
function publishOption(operations: Record<PublicationOperation, boolean>): string {
  return `publish = ${quoteLiteral(PUBLICATION_OPERATIONS.filter((op) => operations[op]).join(', '))}`
}

/** Creates a publication of no tables yet (they are turned on afterwards), publishing these operations. */
export function createPublicationSql(name: string, operations: Record<PublicationOperation, boolean>): string {
  return `create publication ${quoteIdent(name)} with (${publishOption(operations)});`
}

export function dropPublicationSql(name: string): string {
  return `drop publication ${quoteIdent(name)};`
}

/** Turns one table of a publication on (ADD TABLE) or off (DROP TABLE). */
export function setPublicationTableSql(name: string, table: PublishedTable, published: boolean): string {
  return `alter publication ${quoteIdent(name)} ${published ? 'add' : 'drop'} table ${quoteQualified(table.schema, table.name)};`
}

/** The operations a publication publishes, one turned on or off. */
export function setPublicationOperationSql(publication: Pick<Publication, 'name' | 'operations'>, operation: PublicationOperation, on: boolean): string {
  return `alter publication ${quoteIdent(publication.name)} set (${publishOption({ ...publication.operations, [operation]: on })});`
}


/** What is wrong with a new publication's name, or null. */
export function validatePublicationName(name: string, existing: readonly string[]): string | null {
  if (name.trim() === '') return 'Name the publication'
  if (name !== name.trim()) return 'The name cannot start or end with a space'
  if (isNameTooLong(name)) return NAME_TOO_LONG
  if (existing.includes(name)) return `A publication named ${name} already exists`
  return null
}
