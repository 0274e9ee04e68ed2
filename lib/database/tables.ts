/**
 * The Tables screen's SQL (database → Tables): the tables of a schema with their rows, size, RLS
 * and realtime, the exact counts of the small ones, the realtime publication toggle, and what a
 * DROP would take with it. Pure builders; every name quoted, every value a parameter or literal.
 */
import { inTransaction } from '@/lib/sql/ddl'
import { quoteIdent, quoteQualified } from '@/lib/sql/identifiers'

/** The publication realtime streams database changes from. */
export const REALTIME_PUBLICATION = 'supabase_realtime'

/** Tables whose planner estimate is below this many rows are counted exactly. */
export const EXACT_COUNT_THRESHOLD = 50_000
/** A table never analysed (no estimate) is counted exactly when its heap is below this size. */
export const EXACT_COUNT_MAX_BYTES = 16 * 1024 * 1024

/** One row of TABLES_OVERVIEW_SQL. */
export type TableOverviewRow = {
  id: number
  schema: string
  name: string
  kind: string
  comment: string | null
  /** The planner's estimate (`reltuples`), null when the table was never analysed. */
  estimate: number | null
  size_bytes: number
  rls_enabled: boolean
  realtime: boolean
  /** Small and readable by the member: counted exactly by `exactCountSql`. */
  count_exactly: boolean
}

/**
 * Tables (plain and partitioned, no partitions) of the schema `$1`, the realtime publication `$2`;
 * `$3` the estimate under which and `$4` the size under which (never analysed) rows are counted.
 */
export const TABLES_OVERVIEW_SQL = `select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as kind,
  pg_catalog.obj_description(c.oid, 'pg_class') as comment,
  case when c.reltuples >= 0 then c.reltuples::int8 end as estimate,
  pg_catalog.pg_total_relation_size(c.oid)::int8 as size_bytes,
  c.relrowsecurity as rls_enabled,
  exists (select 1 from pg_catalog.pg_publication p join pg_catalog.pg_publication_rel pr on pr.prpubid = p.oid
    where p.pubname = $2 and pr.prrelid = c.oid) or exists (select 1 from pg_catalog.pg_publication p where p.pubname = $2 and p.puballtables) as realtime,
  pg_catalog.has_table_privilege(c.oid, 'SELECT')
    and (c.reltuples between 0 and $3::float8 - 1 or (c.reltuples < 0 and pg_catalog.pg_relation_size(c.oid) < $4::int8)) as count_exactly
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
order by c.relname`

/** Whether the realtime publication exists (`$1` its name): the toggle needs it. */
export const PUBLICATION_EXISTS_SQL = `select exists (select 1 from pg_catalog.pg_publication where pubname = $1) as exists`

/** One statement counting the rows of each table (`id`, `count`), or null when there is none to count. */
export function exactCountSql(tables: readonly { id: number; schema: string; name: string }[]): string | null {
  if (tables.length === 0) return null
  return tables
    .map((t) => `select ${Math.trunc(t.id)}::int8 as id, count(*)::int8 as count from ${quoteQualified(t.schema, t.name)}`)
    .join('\nunion all\n')
}

/** Adds the table to (or drops it from) the realtime publication, in one transaction. */
export function setRealtimeSql(table: { schema: string; name: string }, enabled: boolean): string {
  const clause = enabled ? 'ADD TABLE' : 'DROP TABLE'
  return inTransaction([`ALTER PUBLICATION ${quoteIdent(REALTIME_PUBLICATION)} ${clause} ${quoteQualified(table.schema, table.name)}`])
}

/** Enables or disables row level security on the table. */
export function setRowLevelSecuritySql(table: { schema: string; name: string }, enabled: boolean): string {
  return inTransaction([`ALTER TABLE ${quoteQualified(table.schema, table.name)} ${enabled ? 'ENABLE' : 'DISABLE'} ROW LEVEL SECURITY`])
}

/** One object that DROP TABLE … CASCADE would drop or change besides the table. */
export type TableDependent = { kind: 'view' | 'foreign key' | 'function' | 'policy' | 'trigger' | 'other'; object: string }

/**
 * Objects outside the table that depend on it or on its row type (pg_depend, normal
 * dependencies): views, other tables' foreign keys, functions, policies and triggers of other
 * tables. The table's own constraints, indexes, rules, triggers and policies go with it anyway.
 * `$1` is the table's oid.
 */
export const TABLE_DEPENDENTS_SQL = `with target as (select c.oid, c.reltype from pg_catalog.pg_class c where c.oid = $1::int8::oid),
deps as (
  select d.classid, d.objid from pg_catalog.pg_depend d, target t
  where d.deptype = 'n' and ((d.refclassid = 'pg_catalog.pg_class'::regclass and d.refobjid = t.oid)
    or (d.refclassid = 'pg_catalog.pg_type'::regclass and d.refobjid = t.reltype))
)
select distinct kind, object from (
  select case d.classid
      when 'pg_catalog.pg_rewrite'::regclass then 'view'
      when 'pg_catalog.pg_constraint'::regclass then 'foreign key'
      when 'pg_catalog.pg_proc'::regclass then 'function'
      when 'pg_catalog.pg_policy'::regclass then 'policy'
      when 'pg_catalog.pg_trigger'::regclass then 'trigger'
      else 'other' end as kind,
    case when d.classid = 'pg_catalog.pg_rewrite'::regclass
      then (select pg_catalog.format('%s %I.%I', case v.relkind when 'm' then 'materialized view' else 'view' end, vn.nspname, v.relname)
        from pg_catalog.pg_rewrite r join pg_catalog.pg_class v on v.oid = r.ev_class
        join pg_catalog.pg_namespace vn on vn.oid = v.relnamespace where r.oid = d.objid)
      else pg_catalog.pg_describe_object(d.classid, d.objid, 0) end as object
  from deps d, target t
  where not exists (select 1 from pg_catalog.pg_rewrite r where d.classid = 'pg_catalog.pg_rewrite'::regclass and r.oid = d.objid and r.ev_class = t.oid)
    and not exists (select 1 from pg_catalog.pg_constraint k where d.classid = 'pg_catalog.pg_constraint'::regclass and k.oid = d.objid and k.conrelid = t.oid)
    and not exists (select 1 from pg_catalog.pg_policy p where d.classid = 'pg_catalog.pg_policy'::regclass and p.oid = d.objid and p.polrelid = t.oid)
    and not exists (select 1 from pg_catalog.pg_trigger g where d.classid = 'pg_catalog.pg_trigger'::regclass and g.oid = d.objid and g.tgrelid = t.oid)
    and not exists (select 1 from pg_catalog.pg_attrdef a where d.classid = 'pg_catalog.pg_attrdef'::regclass and a.oid = d.objid and a.adrelid = t.oid)
    and not (d.classid = 'pg_catalog.pg_class'::regclass and d.objid = t.oid)
    and not (d.classid = 'pg_catalog.pg_type'::regclass and d.objid = t.reltype)
) found
where object is not null
order by kind, object`
