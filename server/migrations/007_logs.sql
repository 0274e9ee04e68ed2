-- Project logs (spec §3 "Log sources"): events the embedded platform records for each project.
-- The API gateway (edge_logs) and Postgres (postgres_logs) are produced here; the other sources
-- have no producer in the embedded platform but are valid names. Rows are written in batches
-- (lib/platform-api/logs/recorder.ts) and purged past the organization plan's retention (spec §9).
create table platform.project_logs (
  id uuid primary key,
  project_id bigint not null references platform.projects (id) on delete cascade,
  source text not null check (source in (
    'edge_logs', 'auth_logs', 'auth_audit_logs', 'storage_logs', 'function_edge_logs', 'function_logs',
    'postgres_logs', 'realtime_logs', 'postgrest_logs', 'supavisor_logs', 'pgbouncer_logs', 'pg_upgrade_logs'
  )),
  "timestamp" timestamptz not null,
  -- The level filter's word (lib/logs/log-lines.ts LOG_LEVELS); metadata.level keeps the source's own.
  level text not null check (level in ('info', 'warning', 'error')),
  event_message text not null,
  metadata jsonb not null default '{}'
);
-- One source of one project, newest first (and the cursor's tie-break on id).
create index project_logs_source_time_idx on platform.project_logs (project_id, source, "timestamp" desc, id desc);
-- The unified view (every source of a project) and the retention purge.
create index project_logs_time_idx on platform.project_logs (project_id, "timestamp" desc, id desc);
