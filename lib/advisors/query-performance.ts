/**
 * SQL of the query performance screen. Everything here reads the statistics views Postgres keeps
 * on its own (pg_stat_user_tables, pg_statio_user_tables, pg_stat_user_indexes, pg_stat_activity);
 * only the statement list needs the pg_stat_statements extension.
 */

export type TableStat = {
  schema: string
  name: string
  seq_scan: number | null
  seq_tup_read: number | null
  idx_scan: number | null
  idx_tup_fetch: number | null
  n_live_tup: number | null
  n_dead_tup: number | null
  total_bytes: number | null
  heap_blks_hit: number | null
  heap_blks_read: number | null
}

/** Tables by how many rows sequential scans read (the biggest scanners first). */
export const TABLE_STATS_SQL = `select s.schemaname::text as schema, s.relname::text as name, s.seq_scan, s.seq_tup_read, s.idx_scan, s.idx_tup_fetch,
  s.n_live_tup, s.n_dead_tup, pg_catalog.pg_total_relation_size(s.relid) as total_bytes, io.heap_blks_hit, io.heap_blks_read
from pg_catalog.pg_stat_user_tables s left join pg_catalog.pg_statio_user_tables io on io.relid = s.relid
order by coalesce(s.seq_tup_read, 0) desc, s.schemaname, s.relname
limit 200`

export type UnusedIndex = {
  schema: string
  table_name: string
  name: string
  bytes: number
  backs_constraint: boolean
  definition: string
}

/** Indexes never scanned since the statistics were last reset, biggest first. */
export const UNUSED_INDEXES_SQL = `select s.schemaname::text as schema, s.relname::text as table_name, s.indexrelname::text as name,
  pg_catalog.pg_relation_size(s.indexrelid) as bytes,
  exists (select 1 from pg_catalog.pg_constraint k where k.conindid = s.indexrelid) as backs_constraint,
  pg_catalog.pg_get_indexdef(s.indexrelid) as definition
from pg_catalog.pg_stat_user_indexes s
where s.idx_scan = 0
order by bytes desc, 1, 2, 3
limit 200`

export type CacheHit = {
  heap_hit: number | null
  heap_read: number | null
  idx_hit: number | null
  idx_read: number | null
  stats_reset: string | null
}

export const CACHE_HIT_SQL = `select sum(heap_blks_hit)::int8 as heap_hit, sum(heap_blks_read)::int8 as heap_read,
  sum(idx_blks_hit)::int8 as idx_hit, sum(idx_blks_read)::int8 as idx_read,
  (select d.stats_reset::text from pg_catalog.pg_stat_database d where d.datname = current_database()) as stats_reset
from pg_catalog.pg_statio_user_tables`

/** Share of block reads served from memory, or null when nothing was read yet. */
export function hitRatio(hit: number | null, read: number | null): number | null {
  const h = Number(hit ?? 0)
  const r = Number(read ?? 0)
  return h + r === 0 ? null : h / (h + r)
}

export type RunningQuery = {
  pid: number
  role: string | null
  application_name: string | null
  state: string | null
  query: string | null
  query_start: string | null
  seconds: number | null
  wait_event: string | null
}

/** A query running at least this long is flagged as long. */
export const LONG_QUERY_SECONDS = 10

/**
 * Whether pg_stat_statements is enabled, and where. `embedded`: the database is PGlite, which loads
 * the extension's library when it is created (a Postgres server needs it in shared_preload_libraries).
 */
export type StatementsStatus = { installed: boolean; available: boolean; schema: string | null; embedded?: boolean }

export const STATEMENTS_STATUS_SQL = `select exists (select 1 from pg_catalog.pg_extension where extname = 'pg_stat_statements') as installed,
  exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_stat_statements') as available,
  (select n.nspname::text from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'pg_stat_statements') as schema,
  strpos(version(), 'PGlite') > 0 as embedded`

export const STATEMENT_SORTS = {
  total: { label: 'Total time', column: 'total_exec_time' },
  mean: { label: 'Mean time', column: 'mean_exec_time' },
  calls: { label: 'Calls', column: 'calls' },
} as const
export type StatementSort = keyof typeof STATEMENT_SORTS

export type Statement = {
  queryid: string | null
  query: string
  role: string | null
  calls: number
  total_ms: number
  mean_ms: number
  rows: number
}

/** Top statements of this database by the chosen measure; `$1` filters on the text (case-insensitive, '' for all). */
export function statementsSql(schema: string, sort: StatementSort): string {
  const ident = `"${schema.replaceAll('"', '""')}"`
  return `select s.queryid::text as queryid, s.query, r.rolname::text as role, s.calls, s.total_exec_time::float8 as total_ms,
  s.mean_exec_time::float8 as mean_ms, s.rows
from ${ident}.pg_stat_statements s left join pg_catalog.pg_roles r on r.oid = s.userid
where s.dbid = (select oid from pg_catalog.pg_database where datname = current_database())
  and ($1::text = '' or strpos(lower(s.query), lower($1::text)) > 0)
  and strpos(s.query, 'platform_jail.') = 0
order by s.${STATEMENT_SORTS[sort].column} desc
limit 50`
}

export const ENABLE_STATEMENTS_SQL = 'create extension if not exists pg_stat_statements'
/** Forgets the statistics collected so far (by default only superusers may). */
export function resetStatementsSql(schema: string): string {
  return `select "${schema.replaceAll('"', '""')}".pg_stat_statements_reset()`
}

/** Postgres's answer when the extension is installed but its library was not preloaded. */
export function isNotPreloadedError(message: string | null | undefined): boolean {
  return typeof message === 'string' && /shared_preload_libraries/i.test(message)
}
