import { REALTIME_PUBLICATION } from '@/lib/database/publications'
import { quoteIdent, quoteLiteral, type ProjectRoles } from '../projects/jail'

/**
 * The publication that decides which tables' changes realtime streams, as on Supabase:
 * `supabase_realtime`. Every project database has it (made when the platform opens a database
 * that lacks it, database-cache.ts → engine-open.ts, so new and older databases alike), owned by
 * the project's owner role, so members' SQL runs `alter publication supabase_realtime add table
 * public.x` (or `drop table`, `set table`, `set (publish = ...)`) as tutorials written for Supabase
 * do. Postgres itself decides what the owner role may add: tables it owns (not `auth`'s, which the
 * platform owns), never `FOR ALL TABLES` or `FOR TABLES IN SCHEMA` (superuser only), never another
 * database's (another project's) tables. No logical WAL is needed: the change triggers
 * (setup-sql.ts) read the publication, as Realtime's decoding of the WAL does.
 */

export { REALTIME_PUBLICATION }

/**
 * Makes `supabase_realtime` when the database has none (a member may have dropped it: it comes
 * back, empty, at the next open) and gives it to the owner role. Two instances at once: one
 * makes it, the other finds it. On a server whose `wal_level` is not logical Postgres only warns.
 */
export function realtimePublicationSql(roles: ProjectRoles): string {
  return `
do $rtp$
begin
  if exists (select 1 from pg_catalog.pg_publication where pubname = ${quoteLiteral(REALTIME_PUBLICATION)}) then return; end if;
  begin
    set local client_min_messages = error;
    create publication ${quoteIdent(REALTIME_PUBLICATION)};
  exception when duplicate_object or unique_violation then return;
  end;
  alter publication ${quoteIdent(REALTIME_PUBLICATION)} owner to ${quoteIdent(roles.owner)};
end
$rtp$;`
}

/** The tables `supabase_realtime` publishes now (each partition of a published partitioned table too), with their oids. */
export const PUBLISHED_TABLES_SQL = `select t.schemaname::text as schema, t.tablename::text as "table",
    pg_catalog.format('%I.%I', t.schemaname, t.tablename)::pg_catalog.regclass::pg_catalog.oid::pg_catalog.int8 as oid
  from pg_catalog.pg_publication_tables t where t.pubname = $1 order by 1, 2`

/**
 * The condition, in a query over `pg_class c`, that the table is published by `supabase_realtime`:
 * the trigger function's test (setup-sql.ts) written for a table in a catalogue query.
 */
export const PUBLISHED_CLASS_CONDITION = `exists (select 1 from pg_catalog.pg_publication_tables pt
    where pt.pubname = ${quoteLiteral(REALTIME_PUBLICATION)} and pg_catalog.format('%I.%I', pt.schemaname, pt.tablename)::pg_catalog.regclass = c.oid)`
